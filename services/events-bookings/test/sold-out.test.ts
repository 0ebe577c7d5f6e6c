import { eventually } from '@linksmate/platform/testing';
import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { participantCount } from './counts';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

/** Long enough that a request waiting on the held lock is unmistakable, even on a busy machine. */
const LOCK_HELD_MS = 30_000;

/**
 * A sold-out event answers "full" before its queue and its lock: proved by holding the event's row
 * lock from outside while the crowd asks. A request that queued for the lock could not answer until
 * it is let go; the refusals must all arrive while it is still held. The last seats are still given
 * under the lock, exactly once each.
 */
describe('events-bookings: a sold-out event refuses before its queue', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    // payments is an address nobody answers: a checkout that passes every seat check answers 502.
    eb = await startEventsBookings({
      DB_POOL_MAX: '20',
      PAYMENTS_URL: 'http://127.0.0.1:9',
      PAYMENTS_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await eb?.close();
  });

  const people = async (n: number) => {
    const crowd: Person[] = [];
    for (let i = 0; i < n; i++) crowd.push(await eb.person());
    return crowd;
  };

  /**
   * Runs `ask` while another connection holds the event's row lock (as a join in another instance
   * would); resolves with its answers only if they all came while the lock was held.
   */
  async function whileLocked<T>(eventId: number, ask: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: eb.service.database.url });
    await client.connect();
    let timer: NodeJS.Timeout | undefined;
    try {
      await client.query('begin');
      await client.query('select id from events where id = $1 for no key update', [eventId]);
      const waited = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the requests waited for the event lock')), LOCK_HELD_MS);
      });
      return await Promise.race([ask(), waited]);
    } finally {
      clearTimeout(timer);
      await client.query('rollback');
      await client.end();
    }
  }

  async function paidEvent(capacity: number) {
    return eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity, pricePerParticipant: 2000 });
  }

  /** A running (or, with `minutes` < 0, lapsed but not yet swept) checkout hold of one seat. */
  async function hold(eventId: number, userId: number, minutes: number) {
    await eb.db.insert(schema.seatHolds).values({
      eventId,
      userId,
      seats: 1,
      items: [
        {
          ticket_type_id: null,
          slot_type_name: 'Entry',
          quantity: 1,
          price_per_slot: 2000,
          line_total: 2000,
        },
      ],
      subtotal: 2000,
      gstAmount: 200,
      total: 2200,
      currency: 'AUD',
      status: 'held',
      expiresAt: new Date(eb.clock.now().getTime() + minutes * 60_000),
    });
  }

  const checkout = (eventId: number, person: Person) =>
    eb.post('/events/slot-payment-intent', { event_id: eventId, total_amount: 2200 }, person.token);

  /** Resolves once some request of the service waits on a row lock (the one the test holds). */
  async function someoneWaitsOnTheLock() {
    await eventually(async () => {
      const waiting = await eb.pool.query(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect(waiting.rows[0].n).toBeGreaterThan(0);
    }, 20_000);
  }

  it('when the last seat goes while a join waits in the queue, then 100 more joins hear it is full without waiting, and the queued one is refused under the lock', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 1 });
    const [first, taker] = await people(2);
    const crowd = await people(100);
    const { queued, answers } = await whileLocked(event.id, async () => {
      // A join that found a seat free: it waits in the event's queue, holding its place at the lock.
      const queued = Promise.resolve(eb.post(`/events/${event.id}/join`, {}, first!.token));
      await someoneWaitsOnTheLock();
      // The seat goes meanwhile (as to another instance of the service).
      await eb.pool.query(`insert into bookings (event_id, user_id, status) values ($1, $2, 'confirmed')`, [
        event.id,
        taker!.id,
      ]);
      const answers = await Promise.all(crowd.map((p) => eb.post(`/events/${event.id}/join`, {}, p.token)));
      return { queued, answers };
    });
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'This event is full.', code: 'event_full' });
    }
    const late = await queued;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('event_full');
    const rows = await eb.pool.query(
      `select user_id from bookings where event_id = $1 and status = 'confirmed'`,
      [event.id],
    );
    expect(rows.rows).toEqual([{ user_id: taker!.id }]);
  });

  it('when a full event has 3 seats given back and 100 people join at once, then exactly those 3 get seats', async () => {
    const event = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, capacity: 10 });
    const early = await people(10);
    const bookingIds: number[] = [];
    for (const person of early) {
      const res = await eb.post(`/events/${event.id}/join`, {}, person.token);
      expect(res.statusCode, res.body).toBe(201);
      bookingIds.push(res.json().booking.id);
    }
    for (const [i, person] of early.slice(0, 3).entries()) {
      const res = await eb.post(`/bookings/${bookingIds[i]}/cancel`, {}, person.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await participantCount(eb, event.id)).toBe(7);
    const crowd = await people(100);
    const answers = await Promise.all(crowd.map((p) => eb.post(`/events/${event.id}/join`, {}, p.token)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('event_full');
    }
    expect(await participantCount(eb, event.id)).toBe(10);
    const rows = await eb.pool.query(
      `select count(*)::int as n from bookings where event_id = $1 and status = 'confirmed'`,
      [event.id],
    );
    expect(rows.rows[0].n).toBe(10);
  });

  it('when every seat of a paid event is held by running checkouts, then a checkout hears it is full while the lock is held', async () => {
    const event = await paidEvent(2);
    const [a, b, caller] = await people(3);
    await hold(event.id, a!.id, 10);
    await hold(event.id, b!.id, 10);
    const res = await whileLocked(event.id, async () => {
      // A checkout from a waitlist offer is decided under the lock only: it waits in the queue.
      const queued = Promise.resolve(
        eb.post(
          '/events/slot-payment-intent',
          { event_id: event.id, total_amount: 2200, from_waitlist_offer: true },
          b!.token,
        ),
      );
      await someoneWaitsOnTheLock();
      const res = await checkout(event.id, caller!);
      return { res, queued };
    });
    expect(res.res.statusCode, res.res.body).toBe(409);
    expect(res.res.json().code).toBe('event_full');
    // b has no offer: told so under the lock, once it is let go.
    expect((await res.queued).json().code).toBe('no_offer');
  });

  it('when a hold on a full paid event has lapsed, then a checkout is not refused as full (as under the lock)', async () => {
    const event = await paidEvent(2);
    const [a, b, caller] = await people(3);
    await hold(event.id, a!.id, 10);
    await hold(event.id, b!.id, -1);
    const res = await checkout(event.id, caller!);
    // Past every seat check to payments, which does not answer here.
    expect(res.statusCode, res.body).toBe(502);
  });

  it("when the caller's own running checkout holds the last seat, then a new checkout is not refused as full", async () => {
    const event = await paidEvent(2);
    const [a, caller] = await people(2);
    await hold(event.id, a!.id, 10);
    await hold(event.id, caller!.id, 10);
    const res = await checkout(event.id, caller!);
    expect(res.statusCode, res.body).toBe(502);
  });
});
