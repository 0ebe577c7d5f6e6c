import { type Booking, EVENT_MESSAGES, OFFICIAL_EVENT_TYPE, REFUND_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const HOUR = 3600_000;

describe('events-bookings: my bookings, cancelling, and admins adding people', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    eb = await startEventsBookings();
  });
  afterAll(async () => {
    await eb?.close();
  });

  const official = (overrides = {}) =>
    eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 10, ...overrides });
  const join = async (eventId: number, token: string) => {
    const res = await eb.post(`/events/${eventId}/join`, {}, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as Booking;
  };
  const addUser = (eventId: number, body: object, token: string) =>
    eb.post(`/admin/events/${eventId}/add-user`, body, token);

  it('when a person lists their bookings, then they come newest booked first with their events, filtered by status on asking', async () => {
    const kim = await eb.person();
    const creator = await eb.person();
    const first = await official({ title: 'Twilight Nine' });
    const game = await eb.event({ creatorUserId: creator.id, title: 'Sunday Fourball' });
    await join(first.id, kim.token);
    eb.clock.advance(1000);
    await join(game.id, kim.token);
    const all = await eb.get('/bookings/my', kim.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    const [newest, older] = all.json().bookings as Booking[];
    expect(newest).toMatchObject({
      event_title: 'Sunday Fourball',
      event_type: 'member_game',
      booking_status: 'pending',
      venue_name: expect.stringContaining('Test Links'),
      event_start_time: game.startTime.toISOString(),
      event_end_time: game.endTime?.toISOString(),
    });
    expect(older).toMatchObject({ event_title: 'Twilight Nine', booking_status: 'confirmed' });
    const confirmed = await eb.get('/bookings/my?status=confirmed', kim.token);
    expect(confirmed.json()).toMatchObject({ total: 1, bookings: [{ event_id: first.id }] });
    expect((await eb.get('/bookings/my')).statusCode).toBe(401);
  });

  it('when a person cancels a confirmed booking, then the seat is freed, recounted and announced', async () => {
    const event = await official();
    const lou = await eb.person();
    const booking = await join(event.id, lou.token);
    const res = await eb.post(`/bookings/${booking.id}/cancel`, {}, lou.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Booking cancelled',
      booking: { booking_status: 'cancelled' },
    });
    expect(await participantCount(eb, event.id)).toBe(0);
    const cancelled = (await eb.published('events.booking.cancelled')).find(
      (e) => (e.data as { booking_id: number }).booking_id === booking.id,
    );
    expect(cancelled?.data).toMatchObject({
      status: 'cancelled',
      previous_status: 'confirmed',
      user_id: lou.id,
    });
  });

  it('when a person withdraws a pending join request, then it is cancelled', async () => {
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id });
    const mo = await eb.person();
    const request = await join(game.id, mo.token);
    expect(
      (await eb.post(`/bookings/${request.id}/cancel`, {}, mo.token)).json().booking.booking_status,
    ).toBe('cancelled');
    expect(
      (await eb.get(`/member-games/${game.id}/join-requests`, creator.token)).json().join_requests,
    ).toEqual([]);
  });

  it("when someone cancels another person's booking, an unknown one, or one already cancelled, then 403, 404 or 409", async () => {
    const event = await official();
    const owner = await eb.person();
    const booking = await join(event.id, owner.token);
    const other = await eb.person();
    expect((await eb.post(`/bookings/${booking.id}/cancel`, {}, other.token)).statusCode).toBe(403);
    const missing = await eb.post('/bookings/999999/cancel', {}, owner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(EVENT_MESSAGES.bookingNotFound);
    expect((await eb.post(`/bookings/${booking.id}/cancel`, {}, owner.token)).statusCode).toBe(200);
    const again = await eb.post(`/bookings/${booking.id}/cancel`, {}, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(EVENT_MESSAGES.bookingNotCancellable);
  });

  it('when a person cancels a booking paid by card and payments cannot refund it, then 502 refund_failed and the booking stays', async () => {
    const event = await official({ pricePerParticipant: 2000 });
    const pia = await eb.person();
    const {
      rows: [paid],
    } = await eb.pool.query(
      `insert into bookings (event_id, user_id, status, amount_paid, currency, payment_intent_id)
       values ($1, $2, 'confirmed', 2200, 'AUD', 'pi_test_paid') returning id`,
      [event.id, pia.id],
    );
    // No payments service answers here (the refund path: tools/test/event-payments-refunds.test.ts).
    const res = await eb.post(`/bookings/${paid.id}/cancel`, {}, pia.token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: REFUND_MESSAGES.refundFailed, code: 'refund_failed' });
    expect((await eb.pool.query('select status from bookings where id = $1', [paid.id])).rows[0].status).toBe(
      'confirmed',
    );
  });

  it('when an admin adds a person to a member game, then they get a confirmed seat without approval', async () => {
    const admin = await eb.person({ role: 'admin' });
    const creator = await eb.person();
    const game = await eb.event({ creatorUserId: creator.id, capacity: 2 });
    const guest = await eb.person();
    const res = await addUser(game.id, { user_id: guest.id, notes: 'Guest of the club' }, admin.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'User added to the event',
      booking: { booking_status: 'confirmed', notes: 'Guest of the club' },
    });
    expect(await participantCount(eb, game.id)).toBe(1);
    const confirmed = (await eb.published('events.booking.confirmed')).find(
      (e) => (e.data as { event_id: number }).event_id === game.id,
    );
    expect(confirmed?.data).toMatchObject({ user_id: guest.id });
    const again = await addUser(game.id, { user_id: guest.id }, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(EVENT_MESSAGES.alreadyJoined);
  });

  it('when an admin adds a person to an event that takes payment, then the seat is complimentary and no card is asked for', async () => {
    const admin = await eb.person({ role: 'admin' });
    const paid = await official({ pricePerParticipant: 4500, currency: 'AUD' });
    const guest = await eb.person();
    const res = await addUser(paid.id, { user_id: guest.id }, admin.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'User added to the event with a complimentary seat',
      booking: { booking_status: 'confirmed', amount_paid: 0, currency: 'AUD' },
    });
    // Nothing to refund, so the guest may give the seat back like any free booking.
    const booking = res.json().booking as Booking;
    const cancel = await eb.post(`/bookings/${booking.id}/cancel`, {}, guest.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const free = await official();
    const added = await addUser(free.id, { user_id: guest.id }, admin.token);
    expect(added.json()).toMatchObject({
      message: 'User added to the event',
      booking: { amount_paid: null },
    });
  });

  it('when an admin adds without a person, an unknown person, or to a full event, then 422, 404 or 409', async () => {
    const admin = await eb.person({ role: 'site_admin' });
    const event = await official({ capacity: 1 });
    const missing = await addUser(event.id, {}, admin.token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      error: EVENT_MESSAGES.userRequired,
      errors: { user_id: EVENT_MESSAGES.userRequired },
    });
    const unknown = await addUser(event.id, { user_id: 424242 }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(EVENT_MESSAGES.userUnknown);
    expect((await addUser(event.id, { user_id: (await eb.person()).id }, admin.token)).statusCode).toBe(201);
    const full = await addUser(event.id, { user_id: (await eb.person()).id }, admin.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(EVENT_MESSAGES.eventFull);
    expect((await addUser(999_999, { user_id: (await eb.person()).id }, admin.token)).statusCode).toBe(404);
  });

  it('when a member who is not an admin adds someone, then 403', async () => {
    const event = await official();
    const member = await eb.person();
    expect((await addUser(event.id, { user_id: member.id }, member.token)).statusCode).toBe(403);
  });

  it('when an admin adds a person to a past event, then 409', async () => {
    const admin = await eb.person({ role: 'admin' });
    const now = eb.clock.now().getTime();
    const past = await official({ startTime: new Date(now - 5 * HOUR), endTime: new Date(now - HOUR) });
    const res = await addUser(past.id, { user_id: (await eb.person()).id }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(EVENT_MESSAGES.eventPast);
  });
});
