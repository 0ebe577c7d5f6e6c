import { eventually } from '@linksmate/platform/testing';
import { EVENT_MESSAGES } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { eventPaymentsStackForSuite } from './fixtures/event-payments';

const MINUTE = 60_000;
const PEOPLE = 200;
const CAPACITY = 10;

/** Runs `work` over `items`, at most `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

describe('event payments under contention: 200 paid confirmations for 10 seats', () => {
  // A hot event: 200 requests and the webhook consumer wait on one row lock, so more connections.
  // Payments' answers may be slow on a busy machine: the test is about capacity, not latency.
  const stack = eventPaymentsStackForSuite({
    HOLD_SWEEP_INTERVAL_MS: String(3_600_000),
    DB_POOL_MAX: '40',
    PAYMENTS_TIMEOUT_MS: '30000',
  });

  it('when 200 people who all paid confirm at once for a capacity-10 event, then exactly 10 are confirmed and 190 hear seat_lost_refunded and are refunded', async () => {
    const event = await stack.paidEvent(CAPACITY, [['Member', 2000]]);
    const people = await inBatches(
      Array.from({ length: PEOPLE }, (_, i) => i),
      20,
      () => stack.member(),
    );
    // Only ten seats can be held at a time: each round's holds lapse (the clock moves) before the next.
    const intents: Array<{ person: (typeof people)[number]; id: string; secret: string }> = [];
    for (let round = 0; round < PEOPLE / CAPACITY; round++) {
      const group = people.slice(round * CAPACITY, (round + 1) * CAPACITY);
      const created = await Promise.all(
        group.map((person) =>
          stack.events('POST', '/events/slot-payment-intent', person.token, {
            event_id: event.id,
            slot_selections: [{ ticket_type_id: event.types[0], quantity: 1 }],
            total_amount: 2200,
          }),
        ),
      );
      for (const [i, res] of created.entries()) {
        expect(res.statusCode, res.body).toBe(200);
        intents.push({
          person: group[i]!,
          id: res.json().payment_intent_id,
          secret: res.json().client_secret,
        });
      }
      stack.clock.advance(16 * MINUTE);
    }
    // Every hold has lapsed: all 200 paid people race for the 10 free seats. The provider's
    // webhooks are held back, so the 200 confirm calls are what decides (each reads the payment's
    // status through payments, which then also publishes it: the consumer joins the race).
    stack.stripe.setWebhookUrl('');
    const paid = await inBatches(intents, 25, (intent) => stack.payCard(intent.secret));
    expect(paid.every((p) => p.ok)).toBe(true);

    const started = performance.now();
    const answers = await Promise.all(
      intents.map((intent) =>
        stack.events('POST', '/events/confirm-slot-payment', intent.person.token, {
          paymentIntentId: intent.id,
          eventId: event.id,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const confirmed = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    console.log(`200 concurrent paid confirmations: ${seconds.toFixed(2)} s, ${confirmed.length} confirmed`);
    const others = answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 409);
    expect(others.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    expect(confirmed).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(PEOPLE - CAPACITY);
    for (const answer of refused)
      expect(answer.json()).toEqual({ error: EVENT_MESSAGES.seatLostRefunded, code: 'seat_lost_refunded' });

    const bookings = await stack.query<{ status: string; n: number; seats: number }>(
      'events-bookings',
      'select status, count(*)::int as n, sum(seats)::int as seats from bookings where event_id = $1 group by status',
      [event.id],
    );
    expect(bookings.rows).toEqual(
      expect.arrayContaining([
        { status: 'confirmed', n: CAPACITY, seats: CAPACITY },
        { status: 'cancelled', n: PEOPLE - CAPACITY, seats: PEOPLE - CAPACITY },
      ]),
    );
    const count = await stack.query<{ participant_count: number }>(
      'events-bookings',
      'select participant_count from events where id = $1',
      [event.id],
    );
    expect(count.rows[0]!.participant_count).toBe(CAPACITY);
    // Each refused payment refunded once, whichever of the confirm call and the webhook came first.
    await eventually(() => {
      const refunds = stack.stripe.findObjects('refund', (r) =>
        intents.some((i) => i.id === r.payment_intent),
      );
      expect(refunds).toHaveLength(PEOPLE - CAPACITY);
      expect(new Set(refunds.map((r) => r.payment_intent)).size).toBe(PEOPLE - CAPACITY);
    }, 30_000);
    const confirmedIds = new Set(confirmed.map((a) => a.json().booking.id));
    expect(confirmedIds.size).toBe(CAPACITY);
  }, 240_000);
});
