import { eventually } from '@linksmate/platform/testing';
import { REFUND_MESSAGES } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { eventPaymentsStackForSuite } from './fixtures/event-payments';

const HOUR = 3_600_000;

describe('refunds of paid bookings: events-bookings decides, payments refunds at the simulator once, the booking shows it', () => {
  const stack = eventPaymentsStackForSuite({ HOLD_SWEEP_INTERVAL_MS: '200' });

  /** A confirmed booking of one paid seat (2000 + GST = 2200 cents), paid with 4242. */
  async function paidBooking(golfer: { token: string }, event: { id: number; types: number[] }) {
    const intent = (
      await stack.events('POST', '/events/slot-payment-intent', golfer.token, {
        event_id: event.id,
        slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
        total_amount: 2200,
      })
    ).json();
    expect((await stack.payCard(intent.client_secret)).ok).toBe(true);
    const confirmed = await stack.events('POST', '/events/confirm-slot-payment', golfer.token, {
      paymentIntentId: intent.payment_intent_id,
      eventId: event.id,
    });
    expect(confirmed.statusCode).toBe(200);
    return { bookingId: confirmed.json().booking.id as number, intentId: intent.payment_intent_id as string };
  }

  const refundsAt = (intentId: string) =>
    stack.stripe.findObjects('refund', (r) => r.payment_intent === intentId);

  const bookingRow = async (id: number) =>
    (
      await stack.query<{ status: string; amount_refunded: number | null }>(
        'events-bookings',
        'select status, amount_refunded from bookings where id = $1',
        [id],
      )
    ).rows[0];

  const participants = async (eventId: number) =>
    (
      await stack.query<{ participant_count: number }>(
        'events-bookings',
        'select participant_count from events where id = $1',
        [eventId],
      )
    ).rows[0]!.participant_count;

  async function adminToken() {
    return stack.auth.tokenFor(1, 'admin', { ttlSeconds: 86_400 });
  }

  /** A refund made in Stripe's dashboard (not through LinksMate), with the platform's secret key. */
  function dashboardRefund(intentId: string, amount?: number) {
    const body = new URLSearchParams({ payment_intent: intentId });
    if (amount !== undefined) body.set('amount', String(amount));
    return fetch(`${stack.stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_simulator',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
  }

  it('when a member cancels their paid booking before the cut-off, then it is refunded in full once, shows Refunded, and the seat goes to the waitlist', async () => {
    const golfer = await stack.member();
    const waiting = await stack.member();
    const event = await stack.paidEvent(1, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    expect((await stack.events('POST', `/events/${event.id}/waitlist`, waiting.token, {})).statusCode).toBe(
      201,
    );

    const cancelled = await stack.events('POST', `/bookings/${bookingId}/cancel`, golfer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(REFUND_MESSAGES.cancelled);
    expect(cancelled.json().booking).toMatchObject({
      booking_status: 'cancelled',
      amount_paid: 2200,
      amount_refunded: 2200,
    });
    expect(refundsAt(intentId)).toHaveLength(1);
    expect(refundsAt(intentId)[0]).toMatchObject({ amount: 2200 });
    expect(await participants(event.id)).toBe(0);
    const offer = await stack.query(
      'events-bookings',
      `select status from waitlist_entries where event_id = $1 and user_id = $2`,
      [event.id, waiting.id],
    );
    expect(offer.rows).toEqual([{ status: 'offered' }]);

    // charge.refunded comes back through payments: recorded with its booking, nothing changes twice.
    await eventually(async () => {
      const tx = await stack.query(
        'membership-payments',
        `select type, amount, booking_id, event_id from transactions where payment_intent_id = $1 and type = 'charge.refunded'`,
        [intentId],
      );
      expect(tx.rows).toEqual([
        { type: 'charge.refunded', amount: 2200, booking_id: bookingId, event_id: event.id },
      ]);
      expect(
        stack.heardOf('payments.payment.refunded', (d) => d.provider_payment_intent_id === intentId),
      ).toHaveLength(1);
      // Published by events-bookings' own outbox relay, which need not have run before payments' did.
      expect(stack.heardOf('events.booking.cancelled', (d) => d.booking_id === bookingId)).toHaveLength(1);
    }, 20_000);
    expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', amount_refunded: 2200 });
  }, 60_000);

  it('when a member cancels a paid booking within 24 hours of the start, then 409 with the reason and nothing is refunded', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    await stack.query('events-bookings', 'update events set start_time = $2 where id = $1', [
      event.id,
      new Date(stack.clock.now().getTime() + 23 * HOUR),
    ]);
    const refused = await stack.events('POST', `/bookings/${bookingId}/cancel`, golfer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: REFUND_MESSAGES.cutoffPassed,
      code: 'cancel_cutoff_passed',
    });
    expect(refundsAt(intentId)).toHaveLength(0);
    expect(await bookingRow(bookingId)).toEqual({ status: 'confirmed', amount_refunded: null });
  }, 60_000);

  it('when the cancel route is called without a token or by someone else, then 401 or 403 and nothing changes', async () => {
    const golfer = await stack.member();
    const stranger = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    expect((await stack.events('POST', `/bookings/${bookingId}/cancel`)).statusCode).toBe(401);
    expect((await stack.events('POST', `/bookings/${bookingId}/cancel`, stranger.token)).statusCode).toBe(
      403,
    );
    const admin = await adminToken();
    const patch = (token?: string) =>
      stack.eventsApp.inject({
        method: 'PATCH',
        url: `/admin/bookings/${bookingId}/status`,
        payload: { status: 'cancelled' },
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await patch()).statusCode).toBe(401);
    expect((await patch(golfer.token)).statusCode).toBe(403);
    expect(refundsAt(intentId)).toHaveLength(0);
    expect(await bookingRow(bookingId)).toEqual({ status: 'confirmed', amount_refunded: null });
    // The admin may, and refunds it.
    const done = await patch(admin);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ booking_status: 'cancelled', amount_refunded: 2200 });
    expect(refundsAt(intentId)).toHaveLength(1);
    await eventually(
      () =>
        expect(
          stack.heardOf('events.booking.status-changed', (d) => d.booking_id === bookingId),
        ).toHaveLength(1),
      10_000,
    );
  }, 60_000);

  it("when the event's organiser cancels a paid booking (after the member's cut-off), then it is refunded in full", async () => {
    const organiser = await stack.member();
    const golfer = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    await stack.query('events-bookings', 'update events set creator_user_id = $2 where id = $1', [
      event.id,
      organiser.id,
    ]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    await stack.query('events-bookings', 'update events set start_time = $2 where id = $1', [
      event.id,
      new Date(stack.clock.now().getTime() + 2 * HOUR),
    ]);
    const done = await stack.events('POST', `/bookings/${bookingId}/cancel`, organiser.token);
    expect(done.statusCode).toBe(200);
    expect(done.json().booking).toMatchObject({ booking_status: 'cancelled', amount_refunded: 2200 });
    expect(refundsAt(intentId)).toHaveLength(1);
  }, 60_000);

  it('when five cancels of one paid booking race, then exactly one refund is made at the simulator', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    const admin = await adminToken();
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => stack.events('POST', `/bookings/${bookingId}/cancel`, golfer.token)),
      ...[1, 2].map(() =>
        stack.eventsApp.inject({
          method: 'PATCH',
          url: `/admin/bookings/${bookingId}/status`,
          payload: { status: 'cancelled' },
          headers: { authorization: `Bearer ${admin}` },
        }),
      ),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(refundsAt(intentId)).toHaveLength(1);
    expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', amount_refunded: 2200 });
    expect(await participants(event.id)).toBe(0);
    await eventually(() => {
      expect(
        stack.heardOf('payments.payment.refunded', (d) => d.provider_payment_intent_id === intentId),
      ).toHaveLength(1);
      expect(
        stack.heardOf('events.booking.cancelled', (d) => d.booking_id === bookingId).length +
          stack.heardOf('events.booking.status-changed', (d) => d.booking_id === bookingId).length,
      ).toBe(1);
    }, 20_000);
  }, 60_000);

  it('when the refund call fails, then the booking stays as it was with a clear error, and a retry refunds it', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(2, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);
    stack.stripe.failNextCalls(20);
    const failed = await stack.events('POST', `/bookings/${bookingId}/cancel`, golfer.token);
    stack.stripe.failNextCalls(0);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: REFUND_MESSAGES.refundFailed, code: 'refund_failed' });
    expect(refundsAt(intentId)).toHaveLength(0);
    expect(await bookingRow(bookingId)).toEqual({ status: 'confirmed', amount_refunded: null });
    expect(await participants(event.id)).toBe(1);
    const retried = await stack.events('POST', `/bookings/${bookingId}/cancel`, golfer.token);
    expect(retried.statusCode).toBe(200);
    expect(refundsAt(intentId)).toHaveLength(1);
  }, 60_000);

  it('when an event with paid bookings is cancelled, then every paid booking is refunded and shows the amount', async () => {
    const organiser = await stack.member();
    const golfers = [await stack.member(), await stack.member()];
    const event = await stack.paidEvent(3, [['Member', 2000]]);
    await stack.query('events-bookings', 'update events set creator_user_id = $2 where id = $1', [
      event.id,
      organiser.id,
    ]);
    const paid = [await paidBooking(golfers[0]!, event), await paidBooking(golfers[1]!, event)];
    const cancel = await stack.eventsApp.inject({
      method: 'PUT',
      url: `/events/${event.id}`,
      payload: { status: 'cancelled' },
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(cancel.statusCode).toBe(200);
    await eventually(async () => {
      for (const { bookingId, intentId } of paid) {
        expect(refundsAt(intentId)).toHaveLength(1);
        expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', amount_refunded: 2200 });
      }
    }, 30_000);
    const mine = await stack.events('GET', '/bookings/my', golfers[0]!.token);
    expect(mine.json().bookings[0]).toMatchObject({ booking_status: 'cancelled', amount_refunded: 2200 });
  }, 60_000);

  it('when a refund is made in Stripe (charge.refunded), then a partial one is recorded and the booking stays; the rest cancels it and frees the seat; a replay changes nothing', async () => {
    const golfer = await stack.member();
    const event = await stack.paidEvent(1, [['Member', 2000]]);
    const { bookingId, intentId } = await paidBooking(golfer, event);

    expect((await dashboardRefund(intentId, 500)).status).toBe(200);
    await eventually(
      async () => expect(await bookingRow(bookingId)).toEqual({ status: 'confirmed', amount_refunded: 500 }),
      20_000,
    );
    expect(await participants(event.id)).toBe(1);
    const mine = await stack.events('GET', '/bookings/my', golfer.token);
    expect(mine.json().bookings[0]).toMatchObject({
      booking_status: 'confirmed',
      amount_paid: 2200,
      amount_refunded: 500,
    });

    expect((await dashboardRefund(intentId)).status).toBe(200);
    await eventually(
      async () => expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', amount_refunded: 2200 }),
      20_000,
    );
    expect(await participants(event.id)).toBe(0);

    // Stripe sends the last charge.refunded again: recorded once, the booking as it was.
    const [first, last] = stack.eventsAbout(intentId, 'charge.refunded');
    stack.stripe.redeliver(last!.id);
    stack.stripe.redeliver(first!.id);
    await stack.delivered([last!.id, first!.id], 2);
    const recorded = await stack.query<{ n: number }>(
      'membership-payments',
      `select count(*)::int as n from transactions where payment_intent_id = $1 and type = 'charge.refunded'`,
      [intentId],
    );
    expect(recorded.rows[0]!.n).toBe(2);
    expect(
      stack.heardOf('payments.payment.refunded', (d) => d.provider_payment_intent_id === intentId),
    ).toHaveLength(2);
    expect(await bookingRow(bookingId)).toEqual({ status: 'cancelled', amount_refunded: 2200 });
    await eventually(
      () =>
        expect(stack.heardOf('events.booking.cancelled', (d) => d.booking_id === bookingId)).toHaveLength(1),
      20_000,
    );
  }, 60_000);
});
