import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const HOUR = 3600_000;

describe('events-bookings: event listings and detail', () => {
  let eb: EventsBookingsUnderTest;
  let venueA: number;
  let venueB: number;
  const at = (hours: number) => new Date(eb.clock.now().getTime() + hours * HOUR);
  const titles = (body: { events: Array<{ title: string }> }) => body.events.map((e) => e.title);

  beforeAll(async () => {
    eb = await startEventsBookings();
    venueA = await eb.venue({ name: 'Royal Sydney' });
    venueB = await eb.venue({ name: 'Moore Park' });
    await eb.pool.query(
      `insert into coaches (id, user_id, first_name, last_name, version) values (9, null, 'Ian', 'Baker', 1)`,
    );
    await eb.event({ title: 'E3 later', venueId: venueA, startTime: at(72), endTime: at(76) });
    await eb.event({ title: 'E1 soon', venueId: venueB, startTime: at(2), endTime: at(6) });
    await eb.event({
      title: 'E2 official',
      eventType: 'linksmate_event',
      venueId: venueA,
      coachProfileId: 9,
      startTime: at(24),
      endTime: at(28),
      capacity: 10,
    });
    await eb.event({ title: 'E0 under way', venueId: venueB, startTime: at(-1), endTime: at(2) });
    await eb.event({ title: 'Past game', venueId: venueA, startTime: at(-30), endTime: at(-26) });
    await eb.event({ title: 'Cancelled game', venueId: venueA, startTime: at(30), status: 'cancelled' });
    await eb.event({ title: 'Deleted game', venueId: venueA, startTime: at(31), deletedAt: at(-1) });
  });
  afterAll(() => eb?.close());

  it('when the list is read anonymously, then events not over yet come soonest first, without cancelled or deleted ones', async () => {
    const res = await eb.get('/events');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual(['E0 under way', 'E1 soon', 'E2 official', 'E3 later']);
    expect(body.count).toBe(4);
    expect(body.events[0]).toMatchObject({
      user_booking_status: null,
      user_has_confirmed_booking: false,
      user_booking_id: null,
      user_waitlist_status: null,
      waitlist_count: 0,
      has_paid_slots: false,
      venue_name: 'Moore Park',
      venue_city: 'Sydney',
    });
  });

  it('when the offset is the largest integer, then the page is empty and nothing fails', async () => {
    const res = await eb.get('/events?limit=10&offset=2147483647&event_type=linksmate_event');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events).toEqual([]);
  });

  it('when include_past is asked, then past events are listed too', async () => {
    const body = (await eb.get('/events?include_past=true')).json();
    expect(titles(body)).toEqual(['Past game', 'E0 under way', 'E1 soon', 'E2 official', 'E3 later']);
    expect(body.count).toBe(5);
  });

  it('when filtered by type, venue or coach, then only those events come, counted', async () => {
    const official = (await eb.get('/events?event_type=linksmate_event')).json();
    expect(titles(official)).toEqual(['E2 official']);
    expect(official.count).toBe(1);
    expect(official.events[0]).toMatchObject({ coach_first_name: 'Ian', coach_last_name: 'Baker' });
    const atA = (await eb.get(`/events?venue_id=${venueA}`)).json();
    expect(titles(atA)).toEqual(['E2 official', 'E3 later']);
    expect(atA.count).toBe(2);
    expect(titles((await eb.get('/events?coach_id=9')).json())).toEqual(['E2 official']);
    expect((await eb.get('/events?coach_id=10')).json()).toEqual({ events: [], count: 0 });
  });

  it('when paged, then each page holds its slice and the count is of all matches', async () => {
    const first = (await eb.get('/events?limit=2&offset=0')).json();
    const second = (await eb.get('/events?limit=2&offset=2')).json();
    const beyond = (await eb.get('/events?limit=2&offset=10')).json();
    expect(titles(first)).toEqual(['E0 under way', 'E1 soon']);
    expect(titles(second)).toEqual(['E2 official', 'E3 later']);
    expect([first.count, second.count, beyond.count]).toEqual([4, 4, 4]);
    expect(beyond.events).toEqual([]);
  });

  it('when the caller has a booking or waits on the waitlist, then the list shows their own standing', async () => {
    const me = await eb.person();
    const others = [await eb.person(), await eb.person()];
    const [soon, official, later] = (await eb.get('/events')).json().events.slice(1) as Array<{ id: number }>;
    const booking = await eb.pool.query(
      `insert into bookings (event_id, user_id, status) values ($1, $2, 'confirmed') returning id`,
      [soon!.id, me.id],
    );
    await eb.pool.query(`insert into bookings (event_id, user_id, status) values ($1, $2, 'pending')`, [
      later!.id,
      me.id,
    ]);
    for (const [i, person] of [...others, me].entries())
      await eb.pool.query(
        `insert into waitlist_entries (event_id, user_id, status, created_at) values ($1, $2, 'waiting', now() + $3 * interval '1 second')`,
        [official!.id, person.id, i],
      );
    await eb.pool.query(
      `insert into ticket_types (event_id, name, price_per_ticket) values ($1, 'Standard Admission', 4500)`,
      [official!.id],
    );
    const mine = (await eb.get('/events', me.token)).json().events as Array<Record<string, unknown>>;
    expect(mine[1]).toMatchObject({
      title: 'E1 soon',
      user_booking_status: 'confirmed',
      user_has_confirmed_booking: true,
      user_booking_id: booking.rows[0].id,
    });
    expect(mine[2]).toMatchObject({
      title: 'E2 official',
      user_booking_status: null,
      user_waitlist_status: 'waiting',
      user_waitlist_position: 3,
      waitlist_count: 3,
      has_paid_slots: true,
    });
    expect(mine[3]).toMatchObject({ user_booking_status: 'pending', user_has_confirmed_booking: false });
    const theirs = (await eb.get('/events', others[0]!.token)).json().events[2];
    expect(theirs).toMatchObject({ user_waitlist_position: 1, user_booking_status: null });
  });

  it('when one event is read, then it comes with the same fields; a missing or deleted one is not found', async () => {
    const start = at(-50);
    const event = await eb.event({ title: 'Detail game', venueId: venueA, startTime: start, endTime: null });
    const res = await eb.get(`/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: event.id,
      title: 'Detail game',
      event_type: 'member_game',
      status: 'open',
      venue_id: venueA,
      venue_name: 'Royal Sydney',
      capacity: 4,
      current_participant_count: 0,
      price_per_participant: 0,
      currency: 'AUD',
      start_time: start.toISOString(),
      end_time: null,
    });
    const missing = await eb.get('/events/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Event not found');
    const deleted = await eb.event({ venueId: venueA, deletedAt: at(-1) });
    expect((await eb.get(`/events/${deleted.id}`)).statusCode).toBe(404);
  });

  it('when a bad token is sent to the public list, then it is refused rather than ignored', async () => {
    expect((await eb.get('/events', 'not-a-token')).statusCode).toBe(401);
  });
});
