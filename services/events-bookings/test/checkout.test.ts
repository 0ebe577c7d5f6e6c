import { eventually } from '@linksmate/platform/testing';
import { EVENT_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

/**
 * The checkout's own rules, refused before payments is ever asked (payments here is an address
 * nobody answers, so a call that got that far answers 502 and gives its seats back). The paid paths
 * run against the real payments service in tools/test/event-payments-*.test.ts.
 */
describe('events-bookings: slot checkout rules', () => {
  let t: EventsBookingsUnderTest;

  beforeAll(async () => {
    t = await startEventsBookings({
      PAYMENTS_URL: 'http://127.0.0.1:9',
      PAYMENTS_TIMEOUT_MS: '500',
      HOLD_SWEEP_INTERVAL_MS: '100',
    });
  });
  afterAll(() => t?.close());

  async function paidEvent(options: { capacity?: number; slots?: Array<[string, number]> } = {}) {
    const event = await t.event({
      eventType: 'linksmate_event',
      capacity: options.capacity ?? 4,
      pricePerParticipant: 2000,
    });
    const types = [];
    for (const [index, [name, price]] of (options.slots ?? []).entries()) {
      const [row] = await t.db
        .insert(schema.ticketTypes)
        .values({ eventId: event.id, name, pricePerTicket: price, position: index })
        .returning();
      types.push(row!);
    }
    return { event, types };
  }

  const holds = async (eventId: number) =>
    (
      await t.pool.query('select user_id, status, seats from seat_holds where event_id = $1 order by id', [
        eventId,
      ])
    ).rows;

  it('when nobody is logged in, then 401; when a member has no membership, then 402 with the redirect', async () => {
    const { event } = await paidEvent();
    const anonymous = await t.post('/events/slot-payment-intent', { event_id: event.id, total_amount: 2200 });
    expect(anonymous.statusCode).toBe(401);
    const lapsed = await t.person({ member: false });
    const res = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      lapsed.token,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ membership_required: true, redirect_url: '/membership' });
  });

  it('when the total is tampered with, then 409 total_mismatch and no seat is held', async () => {
    const { event, types } = await paidEvent({
      slots: [
        ['Member', 2000],
        ['Guest', 3500],
      ],
    });
    const golfer = await t.person();
    const res = await t.post(
      '/events/slot-payment-intent',
      {
        event_id: event.id,
        slot_selections: [
          { ticket_type_id: types[0]!.id, quantity: 1, price_per_slot: 1 },
          { ticket_type_id: types[1]!.id, quantity: 1, price_per_slot: 1 },
        ],
        total_amount: 2,
      },
      golfer.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.totalMismatch, code: 'total_mismatch' });
    expect(await holds(event.id)).toEqual([]);
  });

  it('when a slot quantity is -1, then 422 with the spec message', async () => {
    const { event, types } = await paidEvent({ slots: [['Member', 2000]] });
    const golfer = await t.person();
    const res = await t.post(
      '/events/slot-payment-intent',
      {
        event_id: event.id,
        slot_selections: [{ ticket_type_id: types[0]!.id, quantity: -1 }],
        total_amount: 0,
      },
      golfer.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(EVENT_MESSAGES.slotQuantity);
  });

  it('when the selection is empty or all zero on an event with slot types, then 422 "Please select at least one slot to proceed"', async () => {
    const { event, types } = await paidEvent({ slots: [['Member', 2000]] });
    const golfer = await t.person();
    for (const slot_selections of [[], [{ ticket_type_id: types[0]!.id, quantity: 0 }], undefined]) {
      const res = await t.post(
        '/events/slot-payment-intent',
        { event_id: event.id, slot_selections, total_amount: 0 },
        golfer.token,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(EVENT_MESSAGES.slotRequired);
    }
  });

  it('when a slot type is unknown, inactive or of another event, then 422; more than ten seats, then 422', async () => {
    const { event, types } = await paidEvent({
      slots: [
        ['Member', 2000],
        ['Old', 1000],
      ],
    });
    const other = await paidEvent({ slots: [['Elsewhere', 1000]] });
    await t.pool.query('update ticket_types set is_active = false where id = $1', [types[1]!.id]);
    const golfer = await t.person();
    for (const id of [types[1]!.id, other.types[0]!.id, 999_999]) {
      const res = await t.post(
        '/events/slot-payment-intent',
        { event_id: event.id, slot_selections: [{ ticket_type_id: id, quantity: 1 }], total_amount: 1100 },
        golfer.token,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(EVENT_MESSAGES.slotUnknown);
    }
    const tooMany = await t.post(
      '/events/slot-payment-intent',
      {
        event_id: event.id,
        slot_selections: [
          { ticket_type_id: types[0]!.id, quantity: 6 },
          { ticket_type_id: types[0]!.id, quantity: 5 },
        ],
        total_amount: 24200,
      },
      golfer.token,
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toBe(EVENT_MESSAGES.tooManySlots);
  });

  it('when the event is free, unknown, past or cancelled, then a clear refusal before any payment', async () => {
    const golfer = await t.person();
    const free = await t.event({ eventType: 'linksmate_event', pricePerParticipant: 0 });
    const game = await t.event({ eventType: 'member_game', pricePerParticipant: 1500 });
    for (const e of [free, game]) {
      const res = await t.post(
        '/events/slot-payment-intent',
        { event_id: e.id, total_amount: 0 },
        golfer.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(EVENT_MESSAGES.freeEventNoCheckout);
    }
    const missing = await t.post(
      '/events/slot-payment-intent',
      { event_id: 987_654, total_amount: 1 },
      golfer.token,
    );
    expect(missing.statusCode).toBe(404);
    const past = await t.event({
      eventType: 'linksmate_event',
      pricePerParticipant: 2000,
      startTime: new Date(t.clock.now().getTime() - 3600_000),
    });
    const pastRes = await t.post(
      '/events/slot-payment-intent',
      { event_id: past.id, total_amount: 2200 },
      golfer.token,
    );
    expect(pastRes.statusCode).toBe(409);
    expect(pastRes.json().error).toBe(EVENT_MESSAGES.eventPast);
    const cancelled = await t.event({
      eventType: 'linksmate_event',
      pricePerParticipant: 2000,
      status: 'cancelled',
    });
    const cancelledRes = await t.post(
      '/events/slot-payment-intent',
      { event_id: cancelled.id, total_amount: 2200 },
      golfer.token,
    );
    expect(cancelledRes.json().error).toBe(EVENT_MESSAGES.eventCancelled);
  });

  it('when the person already has a confirmed booking, then 409 "You have joined this event"', async () => {
    const { event } = await paidEvent();
    const golfer = await t.person();
    await t.db.insert(schema.bookings).values({ eventId: event.id, userId: golfer.id, status: 'confirmed' });
    const res = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      golfer.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(EVENT_MESSAGES.alreadyJoined);
  });

  it('when running holds take every seat, then 409 "This event is full."', async () => {
    const { event } = await paidEvent({ capacity: 2 });
    const holder = await t.person();
    await t.db.insert(schema.seatHolds).values({
      eventId: event.id,
      userId: holder.id,
      seats: 2,
      items: [],
      subtotal: 4000,
      gstAmount: 400,
      total: 4400,
      currency: 'AUD',
      status: 'held',
      paymentIntentId: 'pi_running_hold',
      expiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
    });
    const golfer = await t.person();
    const res = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      golfer.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(EVENT_MESSAGES.eventFull);
  });

  it('when payments cannot be reached, then 502 with the spec message and the seat is given back', async () => {
    const { event } = await paidEvent({ capacity: 1 });
    const golfer = await t.person();
    const res = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      golfer.token,
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('Failed to initialize payment. Please try again.');
    expect(await holds(event.id)).toEqual([{ user_id: golfer.id, status: 'released', seats: 1 }]);
  });

  it("when a confirm names an unknown payment, another person's hold or another event, then 404, 403 and 400", async () => {
    const { event } = await paidEvent();
    const owner = await t.person();
    const stranger = await t.person();
    await t.db.insert(schema.seatHolds).values({
      eventId: event.id,
      userId: owner.id,
      seats: 1,
      items: [],
      subtotal: 2000,
      gstAmount: 200,
      total: 2200,
      currency: 'AUD',
      status: 'held',
      paymentIntentId: 'pi_owned_by_someone',
      expiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
    });
    const unknown = await t.post(
      '/events/confirm-slot-payment',
      { paymentIntentId: 'pi_nobody', eventId: event.id },
      owner.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(EVENT_MESSAGES.holdNotFound);
    const notYours = await t.post(
      '/events/confirm-slot-payment',
      { paymentIntentId: 'pi_owned_by_someone', eventId: event.id },
      stranger.token,
    );
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error).toBe(EVENT_MESSAGES.holdNotYours);
    const otherEvent = await t.post(
      '/events/confirm-slot-payment',
      { paymentIntentId: 'pi_owned_by_someone', eventId: event.id + 1 },
      owner.token,
    );
    expect(otherEvent.statusCode).toBe(400);
  });

  it('when a hold runs out, then the sweep releases it, its waitlist offer expires and its seats are free again', async () => {
    const { event } = await paidEvent({ capacity: 1 });
    const offered = await t.person();
    const [hold] = await t.db
      .insert(schema.seatHolds)
      .values({
        eventId: event.id,
        userId: offered.id,
        seats: 1,
        items: [],
        subtotal: 0,
        gstAmount: 0,
        total: 0,
        currency: 'AUD',
        status: 'held',
        expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
      })
      .returning();
    await t.db
      .insert(schema.waitlistEntries)
      .values({ eventId: event.id, userId: offered.id, status: 'offered', holdId: hold!.id });
    const golfer = await t.person();
    const full = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      golfer.token,
    );
    expect(full.json().error).toBe(EVENT_MESSAGES.eventFull);

    t.clock.advance(16 * 60_000);
    await eventually(async () => {
      expect(await holds(event.id)).toEqual([{ user_id: offered.id, status: 'released', seats: 1 }]);
    });
    const entry = await t.pool.query('select status from waitlist_entries where hold_id = $1', [hold!.id]);
    expect(entry.rows[0]?.status).toBe('expired');
    // The seat is free: this checkout gets as far as payments (which is not there here).
    const again = await t.post(
      '/events/slot-payment-intent',
      { event_id: event.id, total_amount: 2200 },
      golfer.token,
    );
    expect(again.statusCode).toBe(502);
  });
});
