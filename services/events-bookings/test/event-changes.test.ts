import { EVENT_MESSAGES, HANDICAP } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

describe('events-bookings: editing and deleting events', () => {
  let eb: EventsBookingsUnderTest;
  let creator: Person;
  let other: Person;
  let admin: Person;
  let venueId: number;

  const book = async (
    eventId: number,
    userId: number,
    status: string,
    paymentIntentId: string | null = null,
  ) =>
    (
      await eb.pool.query(
        `insert into bookings (event_id, user_id, status, payment_intent_id) values ($1, $2, $3, $4) returning id`,
        [eventId, userId, status, paymentIntentId],
      )
    ).rows[0].id as number;
  const settle = (eventId: number) =>
    eb.pool.query(
      `update events set participant_count = (select coalesce(sum(seats), 0) from bookings
         where event_id = $1 and status = 'confirmed') where id = $1`,
      [eventId],
    );
  const game = () => eb.event({ venueId, creatorUserId: creator.id, capacity: 4 });

  beforeAll(async () => {
    eb = await startEventsBookings();
    creator = await eb.person();
    other = await eb.person();
    admin = await eb.person({ role: 'admin' });
    venueId = await eb.venue();
  });
  afterAll(() => eb?.close());

  it('when the creator changes some fields, then only those change, the version moves on and it is published', async () => {
    const event = await game();
    const res = await eb.put(`/events/${event.id}`, { title: 'Renamed', capacity: 6 }, creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, title: 'Renamed', capacity: 6, venue_id: venueId });
    expect((await eb.eventRow(event.id))!.version).toBe(2);
    const updated = (await eb.published('events.event.updated')).map((e) => e.data);
    expect(updated).toContainEqual(
      expect.objectContaining({ event_id: event.id, title: 'Renamed', version: 2 }),
    );
  });

  it('when someone else edits, then 403; an admin may; without a token 401', async () => {
    const event = await game();
    const refused = await eb.put(`/events/${event.id}`, { title: 'Mine now' }, other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(EVENT_MESSAGES.notEditor);
    expect((await eb.put(`/events/${event.id}`, { title: 'Mine now' })).statusCode).toBe(401);
    const byAdmin = await eb.put(`/events/${event.id}`, { title: 'Fixed by admin' }, admin.token);
    expect(byAdmin.statusCode).toBe(200);
    expect((await eb.put('/events/999999', { title: 'x' }, admin.token)).statusCode).toBe(404);
  });

  it('when nothing differs, then No changes to save', async () => {
    const event = await game();
    const res = await eb.put(`/events/${event.id}`, { title: event.title, capacity: 4 }, creator.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.noChanges, code: 'no_changes' });
    expect((await eb.put(`/events/${event.id}`, {}, creator.token)).statusCode).toBe(400);
  });

  it('when the edit breaks a rule, then 422 with the spec messages and nothing changes', async () => {
    const event = await game();
    const errors = async (body: Record<string, unknown>) => {
      const res = await eb.put(`/events/${event.id}`, body, creator.token);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await errors({ title: '' })).toEqual({ title: EVENT_MESSAGES.titleRequired });
    expect(await errors({ capacity: 0 })).toEqual({ capacity: EVENT_MESSAGES.editCapacity });
    expect(await errors({ capacity: 51 })).toEqual({ capacity: EVENT_MESSAGES.capacityMax });
    expect(await errors({ capacity: 4.5 })).toEqual({ capacity: EVENT_MESSAGES.editCapacity });
    expect(await errors({ max_handicap: 54.5 })).toEqual({ max_handicap: HANDICAP.rangeMessage });
    expect(await errors({ price_per_participant: -5 })).toEqual({
      price_per_participant: EVENT_MESSAGES.priceNegative,
    });
    expect(await errors({ venue_id: 31337 })).toEqual({ venue_id: EVENT_MESSAGES.venueUnknown });
    expect(await errors({ venue_id: await eb.venue({ listed: false }) })).toEqual({
      venue_id: EVENT_MESSAGES.venueInactive,
    });
    expect(await errors({ end_time: event.startTime.toISOString() })).toEqual({
      end_time: EVENT_MESSAGES.endAfterStart,
    });
    expect((await eb.eventRow(event.id))!.version).toBe(1);
  });

  it('when the capacity would fall below the people already joined, then it is refused; raising it is fine', async () => {
    const event = await game();
    for (const person of [creator, other, admin]) await book(event.id, person.id, 'confirmed');
    await settle(event.id);
    const res = await eb.put(`/events/${event.id}`, { capacity: 2 }, creator.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ capacity: EVENT_MESSAGES.capacityBelowJoined });
    const exact = await eb.put(`/events/${event.id}`, { capacity: 3 }, creator.token);
    expect(exact.json()).toMatchObject({ capacity: 3, current_participant_count: 3 });
    expect((await eb.put(`/events/${event.id}`, { capacity: 8 }, creator.token)).statusCode).toBe(200);
  });

  it('when an official event is edited, then its capacity may reach 100 but not 101', async () => {
    const event = await eb.event({ venueId, eventType: 'linksmate_event', capacity: 10 });
    expect((await eb.put(`/events/${event.id}`, { capacity: 100 }, admin.token)).statusCode).toBe(200);
    const over = await eb.put(`/events/${event.id}`, { capacity: 101 }, admin.token);
    expect(over.json().errors).toEqual({ capacity: EVENT_MESSAGES.officialCapacityMax });
  });

  it('when an event with seats paid by card is cancelled, then their refunds are owed and the sweep will ask payments for them', async () => {
    const event = await eb.event({ eventType: 'linksmate_event', capacity: 10, pricePerParticipant: 4500 });
    const paid = await book(event.id, other.id, 'confirmed', 'pi_cancelled_event');
    await eb.pool.query(
      `insert into seat_holds (event_id, user_id, seats, items, subtotal, gst_amount, total, currency,
         payment_intent_id, status, expires_at, booking_id)
       values ($1, $2, 1, '[]', 4500, 450, 4950, 'AUD', 'pi_cancelled_event', 'confirmed', now(), $3)`,
      [event.id, other.id, paid],
    );
    await settle(event.id);
    const res = await eb.put(`/events/${event.id}`, { status: 'cancelled' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const hold = await eb.pool.query('select status from seat_holds where payment_intent_id = $1', [
      'pi_cancelled_event',
    ]);
    expect(hold.rows[0].status).toBe('refunding');
  });

  it('when the creator cancels the event, then its open bookings are cancelled and both are published', async () => {
    const event = await game();
    const confirmed = await book(event.id, other.id, 'confirmed');
    const pending = await book(event.id, admin.id, 'pending');
    await settle(event.id);
    const res = await eb.put(`/events/${event.id}`, { status: 'cancelled' }, creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', current_participant_count: 0 });
    const statuses = await eb.pool.query('select id, status from bookings where event_id = $1 order by id', [
      event.id,
    ]);
    expect(statuses.rows).toEqual([
      { id: confirmed, status: 'cancelled' },
      { id: pending, status: 'cancelled' },
    ]);
    expect((await eb.published('events.event.cancelled')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ event_id: event.id, status: 'cancelled', version: 2 }),
    );
    const cancelled = (await eb.published('events.booking.cancelled')).map((e) => e.data);
    expect(cancelled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          booking_id: confirmed,
          previous_status: 'confirmed',
          event_title: event.title,
          seats: 1,
        }),
        expect.objectContaining({ booking_id: pending, previous_status: 'pending' }),
      ]),
    );
    expect((await eb.get('/events')).json().events.map((e: { id: number }) => e.id)).not.toContain(event.id);
  });

  it('when the creator deletes an event, then it is gone from reads, its bookings cancelled, and 204', async () => {
    const event = await game();
    const booking = await book(event.id, other.id, 'confirmed');
    expect((await eb.delete(`/events/${event.id}`, other.token)).statusCode).toBe(403);
    const res = await eb.delete(`/events/${event.id}`, creator.token);
    expect(res.statusCode).toBe(204);
    expect((await eb.get(`/events/${event.id}`)).statusCode).toBe(404);
    expect((await eb.eventRow(event.id)) as unknown as { deleted_at: Date | null }).toMatchObject({
      deleted_at: expect.any(Date),
    });
    const row = await eb.pool.query('select status from bookings where id = $1', [booking]);
    expect(row.rows[0].status).toBe('cancelled');
    expect((await eb.published('events.event.deleted')).map((e) => e.data)).toContainEqual({
      event_id: event.id,
      version: 2,
    });
    expect((await eb.delete(`/events/${event.id}`, creator.token)).statusCode).toBe(404);
  });

  it('when a confirmed booking was paid by card, then deleting is refused with 409; an admin deletes others', async () => {
    const paid = await eb.event({
      venueId,
      eventType: 'linksmate_event',
      capacity: 10,
      pricePerParticipant: 2000,
    });
    await book(paid.id, other.id, 'confirmed', 'pi_test_paid');
    const res = await eb.delete(`/events/${paid.id}`, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.hasPaidBookings, code: 'has_paid_bookings' });
    expect((await eb.get(`/events/${paid.id}`)).statusCode).toBe(200);
    const free = await game();
    expect((await eb.delete(`/events/${free.id}`, admin.token)).statusCode).toBe(204);
  });
});
