import { eventually } from '@linksmate/platform/testing';
import { EVENT_MESSAGES } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { eventPaymentsStackForSuite } from './fixtures/event-payments';

const MINUTE = 60_000;

describe('event payments over RabbitMQ: events-bookings → payments → Stripe simulator → webhook → payments.payment.succeeded → booking', () => {
  // The sweep is left to its first run: this file moves the clock past holds on purpose.
  const stack = eventPaymentsStackForSuite({ HOLD_SWEEP_INTERVAL_MS: String(3_600_000) });

  const bookingsOf = async (userId: number) =>
    (
      await stack.query<{
        id: number;
        status: string;
        seats: number;
        amount_paid: number | null;
        notes: string | null;
      }>('events-bookings', 'select id, status, seats, amount_paid, notes from bookings where user_id = $1', [
        userId,
      ])
    ).rows;

  it('when a slot purchase is paid with 4242 and its webhook arrives twice before the confirm call, then one booking and one payment', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(4, [
      ['Member', 2000],
      ['Guest', 3000],
    ]);
    const created = await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
      event_id: event.id,
      slot_selections: [
        { ticket_type_id: event.types[0], quantity: 1 },
        { ticket_type_id: event.types[1], quantity: 1 },
      ],
      currency: 'AUD',
      total_amount: 5500,
      notes: 'Left-handed clubs',
    });
    expect(created.statusCode).toBe(200);
    const intent = created.json();
    expect(intent).toMatchObject({ subtotal: 5000, gst_amount: 500, total_amount: 5500, currency: 'AUD' });
    expect(intent.slots).toHaveLength(2);

    expect((await stack.payCard(intent.client_secret)).ok).toBe(true);
    const [succeeded] = stack.eventsAbout(intent.payment_intent_id, 'payment_intent.succeeded');
    await stack.delivered([succeeded!.id as string]);
    stack.stripe.redeliver(succeeded!.id as string);
    await stack.delivered([succeeded!.id as string], 2);

    // The webhook alone books the seats (payments → RabbitMQ → events-bookings).
    await eventually(async () => {
      expect(await bookingsOf(golfer.id)).toEqual([
        expect.objectContaining({
          status: 'confirmed',
          seats: 2,
          amount_paid: 5500,
          notes: 'Left-handed clubs',
        }),
      ]);
    }, 20_000);

    const confirmed = await stack.events('POST', '/events/confirm-slot-payment', golfer.token, {
      paymentIntentId: intent.payment_intent_id,
      eventId: event.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().booking).toMatchObject({
      event_id: event.id,
      booking_status: 'confirmed',
      seats: 2,
      amount_paid: 5500,
      currency: 'AUD',
    });
    const replayed = await stack.events('POST', '/events/confirm-slot-payment', golfer.token, {
      paymentIntentId: intent.payment_intent_id,
      eventId: event.id,
    });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().booking.id).toBe(confirmed.json().booking.id);

    expect(await bookingsOf(golfer.id)).toHaveLength(1);
    const items = await stack.query(
      'events-bookings',
      'select name, quantity, unit_price from booking_items',
    );
    expect(items.rows).toEqual(
      expect.arrayContaining([
        { name: 'Member', quantity: 1, unit_price: 2000 },
        { name: 'Guest', quantity: 1, unit_price: 3000 },
      ]),
    );
    const count = await stack.query<{ participant_count: number }>(
      'events-bookings',
      'select participant_count from events where id = $1',
      [event.id],
    );
    expect(count.rows[0]!.participant_count).toBe(2);
    const payments = await stack.query(
      'membership-payments',
      'select purpose, status, amount from payments where provider_payment_intent_id = $1',
      [intent.payment_intent_id],
    );
    expect(payments.rows).toEqual([{ purpose: 'event_slots', status: 'succeeded', amount: 5500 }]);
    const transactions = await stack.query<{ n: number }>(
      'membership-payments',
      `select count(*)::int as n from transactions where stripe_event_id = $1`,
      [succeeded!.id],
    );
    expect(transactions.rows[0]!.n).toBe(1);
    await eventually(() =>
      expect(stack.heardOf('events.booking.confirmed', (d) => d.user_id === golfer.id)).toHaveLength(1),
    );
    expect(
      stack.heardOf('payments.payment.succeeded', (d) => d.payment_id === intent.payment_intent_id),
    ).toHaveLength(1);
  }, 60_000);

  it("when someone confirms another person's payment, then 403 and nothing is booked for them", async () => {
    const owner = await stack.member();
    const stranger = await stack.member();
    const event = await stack.paidEvent(4, [['Member', 2000]]);
    const created = await stack.events('POST', '/events/slot-payment-intent', owner.token, {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
    });
    const res = await stack.events('POST', '/events/confirm-slot-payment', stranger.token, {
      paymentIntentId: created.json().payment_intent_id,
      eventId: event.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(EVENT_MESSAGES.holdNotYours);
    expect(await bookingsOf(stranger.id)).toEqual([]);
  });

  it('when the confirm call comes before the card is paid, then 402 payment_not_succeeded', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(4, [['Member', 2000]]);
    const created = await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
    });
    expect((await stack.payCard(created.json().client_secret, '4000 0000 0000 0002')).ok).toBe(false);
    const res = await stack.events('POST', '/events/confirm-slot-payment', golfer.token, {
      paymentIntentId: created.json().payment_intent_id,
      eventId: event.id,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: EVENT_MESSAGES.paymentNotSucceeded,
      code: 'payment_not_succeeded',
    });
  });

  it('when a hold runs out and its seat is sold meanwhile, then the late payment is refunded, recorded and the person told', async () => {
    const late = await stack.member();
    const quick = await stack.member();
    const event = await stack.paidEvent(1, [['Member', 2000]]);
    const body = {
      event_id: event.id,
      slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
      total_amount: 2200,
    };
    const lateIntent = (await stack.events('POST', '/events/slot-payment-intent', late.token, body)).json();
    const full = await stack.events('POST', '/events/slot-payment-intent', quick.token, body);
    expect(full.json().error).toBe(EVENT_MESSAGES.eventFull);

    stack.clock.advance(16 * MINUTE);
    const quickIntent = (await stack.events('POST', '/events/slot-payment-intent', quick.token, body)).json();
    expect((await stack.payCard(quickIntent.client_secret)).ok).toBe(true);
    const quickConfirm = await stack.events('POST', '/events/confirm-slot-payment', quick.token, {
      paymentIntentId: quickIntent.payment_intent_id,
      eventId: event.id,
    });
    expect(quickConfirm.statusCode).toBe(200);

    // The first person pays at last, for a seat that is gone.
    expect((await stack.payCard(lateIntent.client_secret)).ok).toBe(true);
    const res = await stack.events('POST', '/events/confirm-slot-payment', late.token, {
      paymentIntentId: lateIntent.payment_intent_id,
      eventId: event.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: EVENT_MESSAGES.seatLostRefunded, code: 'seat_lost_refunded' });

    await eventually(async () => {
      const refunded = stack.eventsAbout(lateIntent.payment_intent_id, 'charge.refunded');
      expect(refunded).toHaveLength(1);
      expect((refunded[0]!.data as { object: { amount_refunded: number } }).object.amount_refunded).toBe(
        2200,
      );
      const recorded = await stack.query(
        'membership-payments',
        `select status, amount from transactions where type = 'charge.refunded' and user_id = $1`,
        [late.id],
      );
      expect(recorded.rows).toEqual([{ status: 'processed', amount: 2200 }]);
    }, 20_000);
    expect(await bookingsOf(late.id)).toEqual([
      expect.objectContaining({ status: 'cancelled', notes: 'Refunded: the seat was no longer available' }),
    ]);
    await eventually(() =>
      expect(
        stack.heardOf(
          'notifications.email.requested',
          (d) => d.user_id === late.id && d.template === 'event-payment-refunded',
        ),
      ).toHaveLength(1),
    );
    expect(
      stack.stripe.findObjects('refund', (r) => r.payment_intent === lateIntent.payment_intent_id),
    ).toHaveLength(1);
    const count = await stack.query<{ participant_count: number }>(
      'events-bookings',
      'select participant_count from events where id = $1',
      [event.id],
    );
    expect(count.rows[0]!.participant_count).toBe(1);
  }, 60_000);
});
