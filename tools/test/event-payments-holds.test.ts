import { eventually } from '@linksmate/platform/testing';
import { EVENT_MESSAGES } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { eventPaymentsStackForSuite } from './fixtures/event-payments';

const MINUTE = 60_000;

describe('event payments: lapsed holds and waitlist offers, with payments and the simulator', () => {
  const stack = eventPaymentsStackForSuite({ HOLD_SWEEP_INTERVAL_MS: '200' });

  const holdOf = async (intentId: string) =>
    (
      await stack.query<{ status: string }>(
        'events-bookings',
        'select status from seat_holds where payment_intent_id = $1',
        [intentId],
      )
    ).rows[0]?.status;

  it('when a hold runs out unpaid, then the sweep releases its seat and payments cancels its intent', async () => {
    const golfer = await stack.member();
    const other = await stack.member();
    const event = await stack.paidEvent(1, [['Member', 2000]]);
    const body = {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
    };
    const intent = (await stack.events('POST', '/events/slot-payment-intent', golfer.token, body)).json();
    expect((await stack.events('POST', '/events/slot-payment-intent', other.token, body)).json().error).toBe(
      EVENT_MESSAGES.eventFull,
    );
    stack.clock.advance(16 * MINUTE);
    await eventually(async () => {
      expect(await holdOf(intent.payment_intent_id)).toBe('released');
      const [pi] = stack.stripe.findObjects('payment_intent', (o) => o.id === intent.payment_intent_id);
      expect(pi?.status).toBe('canceled');
    }, 15_000);
    const ledger = await stack.query(
      'membership-payments',
      'select status from payments where provider_payment_intent_id = $1',
      [intent.payment_intent_id],
    );
    expect(ledger.rows).toEqual([{ status: 'canceled' }]);
    const again = await stack.events('POST', '/events/slot-payment-intent', other.token, body);
    expect(again.statusCode).toBe(200);
  }, 40_000);

  it('when a person buys again before paying, then the earlier hold gives way and its intent is cancelled', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    const first = (
      await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
        event_id: event.id,
        slot_selections: [{ ticket_type_id: event.types[0], quantity: 2 }],
        total_amount: 4400,
      })
    ).json();
    const second = await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
    });
    expect(second.statusCode).toBe(200);
    expect(await holdOf(first.payment_intent_id)).toBe('released');
    await eventually(() => {
      const [pi] = stack.stripe.findObjects('payment_intent', (o) => o.id === first.payment_intent_id);
      expect(pi?.status).toBe('canceled');
    });
  });

  it('when a waitlist offer is accepted, then the held seat is priced, paid and booked; without an offer, 409', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(1, [['Member', 2000]]);
    const body = {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
      from_waitlist_offer: true,
    };
    const none = await stack.events('POST', '/events/slot-payment-intent', golfer.token, body);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(EVENT_MESSAGES.noOffer);

    // The waitlist's offer: the seat held for them, no lines and no payment yet.
    const offer = await stack.query<{ id: number }>(
      'events-bookings',
      `insert into seat_holds (event_id, user_id, seats, items, subtotal, gst_amount, total, currency, status, expires_at)
       values ($1, $2, 1, '[]', 0, 0, 0, 'AUD', 'held', $3) returning id`,
      [event.id, golfer.id, new Date(stack.clock.now().getTime() + 60 * MINUTE)],
    );
    await stack.query(
      'events-bookings',
      `insert into waitlist_entries (event_id, user_id, status, hold_id) values ($1, $2, 'offered', $3)`,
      [event.id, golfer.id, offer.rows[0]!.id],
    );
    const accepted = await stack.events('POST', '/events/slot-payment-intent', golfer.token, body);
    expect(accepted.statusCode).toBe(200);
    const intent = accepted.json();
    expect((await stack.payCard(intent.client_secret)).ok).toBe(true);
    const confirmed = await stack.events('POST', '/events/confirm-slot-payment', golfer.token, {
      paymentIntentId: intent.payment_intent_id,
      eventId: event.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().booking).toMatchObject({
      booking_status: 'confirmed',
      seats: 1,
      amount_paid: 2200,
    });
    const holds = await stack.query(
      'events-bookings',
      'select id, status from seat_holds where event_id = $1',
      [event.id],
    );
    expect(holds.rows).toEqual([{ id: offer.rows[0]!.id, status: 'confirmed' }]);
    const entry = await stack.query(
      'events-bookings',
      'select status from waitlist_entries where hold_id = $1',
      [offer.rows[0]!.id],
    );
    expect(entry.rows).toEqual([{ status: 'promoted' }]);
  });

  it('when a payment lands for a cancelled event and nobody calls confirm, then the webhook owes the refund and the sweep makes it', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(4, [['Member', 2000]]);
    const intent = (
      await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
        event_id: event.id,
        slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
        total_amount: 2200,
      })
    ).json();
    await stack.query('events-bookings', `update events set status = 'cancelled' where id = $1`, [event.id]);
    expect((await stack.payCard(intent.client_secret)).ok).toBe(true);
    await eventually(async () => {
      expect(await holdOf(intent.payment_intent_id)).toBe('refunded');
      expect(stack.eventsAbout(intent.payment_intent_id, 'charge.refunded')).toHaveLength(1);
    }, 20_000);
    const booking = await stack.query(
      'events-bookings',
      'select status, notes from bookings where user_id = $1',
      [golfer.id],
    );
    expect(booking.rows).toEqual([
      { status: 'cancelled', notes: 'Refunded: the seat was no longer available' },
    ]);
  });
});
