import { EVENT_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const DAY = 24 * 3600_000;

describe('events-bookings: events brought in whole (POST /internal/events)', () => {
  let eb: EventsBookingsUnderTest;
  let creator: Person;
  let players: Person[];
  let venueId: number;
  const daysAgo = (days: number, hours = 0) =>
    new Date(eb.clock.now().getTime() - days * DAY + hours * 3600_000).toISOString();
  const pastGame = (overrides: Record<string, unknown> = {}) => ({
    event_type: 'member_game',
    title: 'Last Month Stableford',
    venue_id: venueId,
    creator_user_id: creator.id,
    start_time: daysAgo(30),
    end_time: daysAgo(30, 4),
    capacity: 4,
    price_per_participant: 0,
    bookings: [
      { user_id: players[0]!.id, status: 'confirmed' },
      { user_id: players[1]!.id, status: 'confirmed' },
      { user_id: players[2]!.id, status: 'rejected', notes: 'Keen to play!' },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    eb = await startEventsBookings();
    creator = await eb.person();
    players = [await eb.person(), await eb.person(), await eb.person()];
    venueId = await eb.venue({ name: 'Royal Sydney' });
  });
  afterAll(() => eb?.close());

  it('when called without the service token, then it is refused and nothing is stored', async () => {
    const res = await eb.post('/internal/events', pastGame(), creator.token);
    expect(res.statusCode).toBe(401);
    const { rows } = await eb.pool.query(`select count(*)::int as n from events`);
    expect(rows[0].n).toBe(0);
  });

  it('when a past game is brought in with its bookings, then it is stored past, its count derived from confirmed seats', async () => {
    const res = await eb.internal('POST', '/internal/events', pastGame());
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      title: 'Last Month Stableford',
      event_type: 'member_game',
      venue_name: 'Royal Sydney',
      creator_user_id: creator.id,
      current_participant_count: 2,
      capacity: 4,
      payment_method: null,
    });
    expect(new Date(event.start_time).getTime()).toBeLessThan(eb.clock.now().getTime());

    // The creator finds it among their games; the rejected person sees their answer in My Bookings.
    const mine = (await eb.get('/member-games/my-created', creator.token)).json();
    expect(mine.events.map((e: { id: number }) => e.id)).toContain(event.id);
    const rejected = (await eb.get('/bookings/my?status=rejected', players[2]!.token)).json();
    expect(rejected.bookings).toEqual([
      expect.objectContaining({ event_id: event.id, booking_status: 'rejected', notes: 'Keen to play!' }),
    ]);
    // Not in the upcoming list; in the list with past events.
    const upcoming = (await eb.get('/events')).json();
    expect(upcoming.events.map((e: { id: number }) => e.id)).not.toContain(event.id);
    const all = (await eb.get('/events?include_past=true')).json();
    expect(all.events.map((e: { id: number }) => e.id)).toContain(event.id);
  });

  it('when a game is brought in, then the platform hears it was created and who was booked', async () => {
    const res = await eb.internal('POST', '/internal/events', pastGame({ title: 'Winter Foursomes' }));
    const id = res.json().id;
    const created = await eb.published('events.event.created');
    expect(created.some((e) => (e.data as { event_id: number }).event_id === id)).toBe(true);
    const confirmed = (await eb.published('events.booking.confirmed')).filter(
      (e) => (e.data as { event_id: number }).event_id === id,
    );
    expect(confirmed.map((e) => (e.data as { user_id: number }).user_id).sort()).toEqual(
      [players[0]!.id, players[1]!.id].sort(),
    );
    const changed = (await eb.published('events.booking.status-changed')).filter(
      (e) => (e.data as { event_id: number }).event_id === id,
    );
    expect(changed).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ user_id: players[2]!.id, status: 'rejected' }),
      }),
    ]);
  });

  it('when the bookings would overfill it, name unknown people or the same person twice, then 422 and nothing is stored', async () => {
    const before = (await eb.pool.query(`select count(*)::int as n from events`)).rows[0].n;
    const seated = players.map((p) => ({ user_id: p.id, status: 'confirmed' }));
    const overfull = await eb.internal(
      'POST',
      '/internal/events',
      pastGame({ capacity: 2, bookings: seated }),
    );
    expect(overfull.statusCode).toBe(422);
    expect(overfull.json().errors).toEqual({ bookings: EVENT_MESSAGES.eventFull });
    const stranger = await eb.internal(
      'POST',
      '/internal/events',
      pastGame({ bookings: [{ user_id: 999_999, status: 'confirmed' }] }),
    );
    expect(stranger.json().errors).toEqual({ bookings: EVENT_MESSAGES.userUnknown });
    const twice = await eb.internal(
      'POST',
      '/internal/events',
      pastGame({ bookings: [seated[0], { user_id: players[0]!.id, status: 'rejected' }] }),
    );
    expect(twice.json().errors).toEqual({ bookings: EVENT_MESSAGES.onePerPerson });
    const noVenue = await eb.internal(
      'POST',
      '/internal/events',
      pastGame({ venue_id: 424242, end_time: daysAgo(31) }),
    );
    expect(noVenue.json().errors).toEqual({
      venue_id: EVENT_MESSAGES.venueUnknown,
      end_time: EVENT_MESSAGES.endAfterStart,
    });
    const negative = await eb.internal('POST', '/internal/events', pastGame({ price_per_participant: -5 }));
    expect(negative.statusCode).toBe(400);
    const after = (await eb.pool.query(`select count(*)::int as n from events`)).rows[0].n;
    expect(after).toBe(before);
  });
});
