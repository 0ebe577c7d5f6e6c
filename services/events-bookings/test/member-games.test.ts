import { EVENT_MESSAGES, HANDICAP } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const HOUR = 3600_000;

describe('events-bookings: creating member games', () => {
  let eb: EventsBookingsUnderTest;
  let creator: Person;
  let venueId: number;
  const at = (hours: number) => new Date(eb.clock.now().getTime() + hours * HOUR).toISOString();
  const game = (overrides: Record<string, unknown> = {}) => ({
    title: 'Sunday Fourball',
    venue_id: venueId,
    start_time: at(24),
    end_time: at(28),
    ...overrides,
  });
  const refused = async (body: Record<string, unknown>) => {
    const res = await eb.post('/member-games', body, creator.token);
    expect(res.statusCode).toBe(422);
    return res.json().errors as Record<string, string>;
  };

  beforeAll(async () => {
    eb = await startEventsBookings();
    creator = await eb.person({ username: 'olivia' });
    venueId = await eb.venue({ name: 'Royal Sydney' });
  });
  afterAll(() => eb?.close());

  it('when a member creates a free game, then it is stored with defaults, without a seat for the creator, and published', async () => {
    const res = await eb.post(
      '/member-games',
      game({ price_per_participant: 0, payment_method: 'pay_event_creator', payment_instructions: 'cash' }),
      creator.token,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Sunday Fourball',
      event_type: 'member_game',
      status: 'open',
      venue_name: 'Royal Sydney',
      capacity: 4,
      current_participant_count: 0,
      price_per_participant: 0,
      currency: 'AUD',
      payment_method: null,
      payment_instructions: null,
      creator_user_id: creator.id,
      creator_username: 'olivia',
      user_booking_status: null,
    });
    const created = (await eb.published('events.event.created')).map((e) => e.data);
    expect(created).toContainEqual(
      expect.objectContaining({ event_id: body.id, title: 'Sunday Fourball', capacity: 4, version: 1 }),
    );
  });

  it('when a priced game with wrapped inputs and a handicap range is created, then every field is kept', async () => {
    const res = await eb.post(
      '/member-games',
      game({
        title: { Valid: true, String: '  Wrapped game ' },
        capacity: { Valid: true, Int32: 50 },
        price_per_participant: 2500,
        currency: 'USD',
        payment_instructions: 'Pay at the pro shop',
        min_handicap: 5,
        max_handicap: 18.5,
        min_skill_level: 'intermediate',
        end_time: { Valid: false },
      }),
      creator.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Wrapped game',
      capacity: 50,
      price_per_participant: 2500,
      currency: 'USD',
      payment_method: 'pay_at_venue',
      payment_instructions: 'Pay at the pro shop',
      min_handicap: 5,
      max_handicap: 18.5,
      min_skill_level: 'intermediate',
      end_time: null,
      has_paid_slots: false,
    });
  });

  it('when required fields are missing, then each gets the spec message', async () => {
    expect(await refused({})).toEqual({
      title: EVENT_MESSAGES.titleRequired,
      venue_id: EVENT_MESSAGES.venueRequired,
      start_time: EVENT_MESSAGES.startRequired,
    });
    expect(await refused(game({ title: '   ', start_time: 'not a time' }))).toEqual({
      title: EVENT_MESSAGES.titleRequired,
      start_time: EVENT_MESSAGES.startRequired,
    });
  });

  it('when the capacity is 0 or 51, then it is refused with the capacity messages', async () => {
    expect(await refused(game({ capacity: 0 }))).toEqual({ capacity: EVENT_MESSAGES.capacityMin });
    expect(await refused(game({ capacity: 51 }))).toEqual({ capacity: EVENT_MESSAGES.capacityMax });
  });

  it('when the capacity is 2.5, then 422 says it must be a whole number and no game is stored', async () => {
    const count = async () => (await eb.pool.query('select count(*)::int as n from events')).rows[0].n;
    const before = await count();
    expect(await refused(game({ capacity: 2.5 }))).toEqual({ capacity: EVENT_MESSAGES.capacityWhole });
    expect(await refused(game({ capacity: { Valid: true, Int32: 0.5 } }))).toEqual({
      capacity: EVENT_MESSAGES.capacityMin,
    });
    expect(await count()).toBe(before);
  });

  it('when a handicap gate is off the scale or finer than a tenth, then 422 names that end in the handicap’s words', async () => {
    expect(await refused(game({ min_handicap: -11, max_handicap: 55 }))).toEqual({
      min_handicap: HANDICAP.rangeMessage,
      max_handicap: HANDICAP.rangeMessage,
    });
    expect(await refused(game({ min_handicap: 10.25 }))).toEqual({ min_handicap: HANDICAP.decimalsMessage });
    // Off the scale and upside down: the scale is named, not the order.
    expect(await refused(game({ min_handicap: 60, max_handicap: 10 }))).toEqual({
      min_handicap: HANDICAP.rangeMessage,
    });
  });

  it('when the price is negative, then it is refused', async () => {
    expect(await refused(game({ price_per_participant: -1 }))).toEqual({
      price_per_participant: EVENT_MESSAGES.priceNegative,
    });
  });

  it('when the venue is unknown, deleted or not listed, then it is refused with what is wrong', async () => {
    const hidden = await eb.venue({ listed: false });
    const gone = await eb.venue({ deleted: true });
    expect(await refused(game({ venue_id: 424242 }))).toEqual({ venue_id: EVENT_MESSAGES.venueUnknown });
    expect(await refused(game({ venue_id: gone }))).toEqual({ venue_id: EVENT_MESSAGES.venueUnknown });
    expect(await refused(game({ venue_id: hidden }))).toEqual({ venue_id: EVENT_MESSAGES.venueInactive });
  });

  it('when the start is in the past or the end not after it, then it is refused; a minute late still counts as now', async () => {
    expect(await refused(game({ start_time: at(-1), end_time: at(3) }))).toEqual({
      start_time: EVENT_MESSAGES.startInPast,
    });
    expect(await refused(game({ end_time: at(23) }))).toEqual({ end_time: EVENT_MESSAGES.endAfterStart });
    expect(await refused(game({ end_time: at(24) }))).toEqual({ end_time: EVENT_MESSAGES.endAfterStart });
    const justNow = await eb.post('/member-games', game({ start_time: at(-0.5 / 60) }), creator.token);
    expect(justNow.statusCode).toBe(201);
  });

  it('when the handicap range is upside down, then it is refused', async () => {
    expect(await refused(game({ min_handicap: 20, max_handicap: 10 }))).toEqual({
      min_handicap: 'Minimum handicap must not be above the maximum',
    });
  });

  it('when someone without a valid membership or without a token creates a game, then 402 or 401', async () => {
    const lapsed = await eb.person({ member: false });
    const res = await eb.post('/member-games', game(), lapsed.token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ membership_required: true });
    expect((await eb.post('/member-games', game())).statusCode).toBe(401);
  });

  it('when a creator lists their games, then newest start first, past ones included, with waiting requests counted', async () => {
    const me = await eb.person();
    const past = await eb.event({
      title: 'Old game',
      creatorUserId: me.id,
      venueId,
      startTime: new Date(at(-100)),
      endTime: null,
    });
    const next = await eb.event({
      title: 'Next game',
      creatorUserId: me.id,
      venueId,
      startTime: new Date(at(5)),
    });
    await eb.event({ title: 'Deleted', creatorUserId: me.id, venueId, deletedAt: new Date(at(-1)) });
    await eb.event({ title: 'Not mine', creatorUserId: creator.id, venueId });
    const asker = await eb.person();
    await eb.pool.query(`insert into bookings (event_id, user_id, status) values ($1, $2, 'pending')`, [
      next.id,
      asker.id,
    ]);
    const res = await eb.get('/member-games/my-created', me.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.events.map((e: { id: number }) => e.id)).toEqual([next.id, past.id]);
    expect(body.events[0]).toMatchObject({ pending_request_count: 1 });
    expect(body.events[1]).toMatchObject({ pending_request_count: 0 });
    const paged = (await eb.get('/member-games/my-created?limit=1&offset=1', me.token)).json();
    expect(paged).toMatchObject({ total: 2, events: [{ id: past.id }] });
    expect((await eb.get('/member-games/my-created')).statusCode).toBe(401);
  });
});
