import { createLocalVerifier, type HttpApp } from '@linksmate/platform';
import { eventually, silentLogger, TestEventBus } from '@linksmate/platform/testing';
import {
  type Booking,
  type BookingReminderFellDue,
  type EventData,
  OFFICIAL_EVENT_TYPE,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadEventsBookingsConfig } from '../src';
import { type EventsBookingsUnderTest, type Person, SERVICE_TOKEN, startEventsBookings } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const REMINDER = 'events.booking.reminder-fell-due';
type Reminder = EventData<typeof BookingReminderFellDue>;

describe('events-bookings: reminders before a booked game or event (fake clock)', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    // The job looks every 150 ms here; the test clock decides what is due.
    eb = await startEventsBookings({ REMINDER_SWEEP_INTERVAL_MS: '150' });
  });
  afterAll(async () => {
    await eb?.close();
  });

  const remindersOf = async (bookingIds: number[], bus: TestEventBus = eb.service.bus) => {
    await eb.service.settle();
    return bus
      .ofType(REMINDER)
      .filter((e) => bookingIds.includes((e.data as Reminder).booking_id))
      .map((e) => ({ id: e.id, ...(e.data as Reminder) }));
  };
  /** Waits until these reminders of the booking were published (and then a sweep more). */
  const untilReminded = async (bookingId: number, expected: string[]) => {
    const sent = await eventually(async () => {
      const got = await remindersOf([bookingId]);
      expect(got.map((r) => r.reminder)).toEqual(expected);
      return got;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect((await remindersOf([bookingId])).map((r) => r.reminder)).toEqual(expected);
    return sent;
  };
  const startingIn = (ms: number, overrides: Parameters<EventsBookingsUnderTest['event']>[0] = {}) =>
    eb.event({
      eventType: OFFICIAL_EVENT_TYPE,
      capacity: 10,
      startTime: new Date(eb.clock.now().getTime() + ms),
      endTime: null,
      ...overrides,
    });
  const join = async (eventId: number, person: Person) => {
    const res = await eb.post(`/events/${eventId}/join`, {}, person.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as Booking;
  };

  it('when a booked event comes 24 hours and then 2 hours near, then each reminder is published once, with the venue, its address and its time zone', async () => {
    const venueId = await eb.venue({
      name: 'Royal Pines',
      address: '1 Ross Street',
      city: 'Benowa',
      state: 'QLD',
      lat: -28.0,
      lng: 153.38,
    });
    const event = await startingIn(30 * HOUR, { venueId, title: 'Gold Coast Stableford' });
    const booking = await join(event.id, await eb.person());
    await new Promise((r) => setTimeout(r, 400));
    expect(await remindersOf([booking.id])).toEqual([]);

    eb.clock.advance(6 * HOUR + MINUTE);
    const [dayBefore] = await untilReminded(booking.id, ['24h']);
    expect(dayBefore).toMatchObject({
      event_id: event.id,
      event_title: 'Gold Coast Stableford',
      event_type: OFFICIAL_EVENT_TYPE,
      start_time: event.startTime.toISOString(),
      time_zone: 'Australia/Brisbane',
      venue: { venue_id: venueId, name: 'Royal Pines', address: '1 Ross Street', city: 'Benowa', lat: -28 },
    });

    eb.clock.advance(22 * HOUR);
    await untilReminded(booking.id, ['24h', '2h']);
    const { rows } = await eb.pool.query(
      'select reminder from booking_reminders where booking_id = $1 order by sent_at',
      [booking.id],
    );
    expect(rows).toEqual([{ reminder: '24h' }, { reminder: '2h' }]);
  });

  it('when a booking or its event is cancelled, or a join request still waits, then no reminder goes; a live booking beside them gets its own', async () => {
    const [ann, bob, cat, dan] = [await eb.person(), await eb.person(), await eb.person(), await eb.person()];
    const kept = await startingIn(25 * HOUR);
    const called = await startingIn(25 * HOUR);
    const live = await join(kept.id, ann);
    const cancelled = await join(kept.id, bob);
    const res = await eb.post(`/bookings/${cancelled.id}/cancel`, {}, bob.token);
    expect(res.statusCode, res.body).toBe(200);
    const ofCancelledEvent = await join(called.id, cat);
    await eb.pool.query(`update events set status = 'cancelled' where id = $1`, [called.id]);
    const game = await startingIn(25 * HOUR, { eventType: 'member_game', creatorUserId: ann.id });
    const pending = await join(game.id, dan);
    expect(pending.booking_status).toBe('pending');

    eb.clock.advance(HOUR + MINUTE);
    // The live booking's reminder shows the sweep has looked at all of them after the move.
    await untilReminded(live.id, ['24h']);
    expect(await remindersOf([cancelled.id, ofCancelledEvent.id, pending.id])).toEqual([]);
  });

  it('when a place is booked after a reminder’s moment, then that reminder never comes; a booking an hour before the start gets none', async () => {
    const soon = await startingIn(5 * HOUR);
    const verySoon = await startingIn(HOUR);
    const late = await join(soon.id, await eb.person());
    const lastMinute = await join(verySoon.id, await eb.person());

    eb.clock.advance(3 * HOUR + MINUTE);
    await untilReminded(late.id, ['2h']);
    expect(await remindersOf([lastMinute.id])).toEqual([]);
  });

  it('when the service was down past both moments, then only the 2 hour reminder goes, and nothing once the game has started', async () => {
    const event = await startingIn(26 * HOUR);
    const started = await startingIn(26 * HOUR);
    const booking = await join(event.id, await eb.person());
    const missed = await join(started.id, await eb.person());
    // Moved past the start before the clock jumps: the job never saw it in its window.
    await eb.pool.query('update events set start_time = $2 where id = $1', [
      started.id,
      new Date(eb.clock.now().getTime() + 25 * HOUR),
    ]);

    eb.clock.advance(25 * HOUR);
    await untilReminded(booking.id, ['2h']);
    expect(await remindersOf([missed.id])).toEqual([]);
  });

  it('when two replicas run the job on one database, then each booking gets each reminder exactly once', async () => {
    // A second instance of the service on the same database, its own bus and the same clock.
    const bus = new TestEventBus();
    await bus.start();
    const second: HttpApp = await buildApp(
      loadEventsBookingsConfig({
        DATABASE_URL: eb.service.database.url,
        SERVICE_TOKEN,
        LOG_LEVEL: 'silent',
        REMINDER_SWEEP_INTERVAL_MS: '100',
      }),
      {
        bus,
        clock: eb.clock.now,
        logger: silentLogger(),
        verifier: createLocalVerifier(eb.auth.signer.jwks()),
      },
    );
    await second.ready();
    try {
      const events = [await startingIn(24 * HOUR + 10 * MINUTE), await startingIn(24 * HOUR + 20 * MINUTE)];
      const bookings: Booking[] = [];
      for (const event of events)
        for (let i = 0; i < 8; i++) bookings.push(await join(event.id, await eb.person()));
      const ids = bookings.map((b) => b.id);

      eb.clock.advance(30 * MINUTE);
      const both = async () => {
        await second.serviceRuntime.flushOutbox();
        return [...(await remindersOf(ids)), ...(await remindersOf(ids, bus))];
      };
      await eventually(async () => expect(new Set((await both()).map((r) => r.booking_id)).size).toBe(16));
      await new Promise((r) => setTimeout(r, 500));
      const sent = await both();
      // Either replica's relay may publish a recorded reminder, but each was recorded once.
      expect(new Set(sent.map((r) => r.id)).size).toBe(16);
      expect(sent.filter((r) => r.reminder !== '24h')).toEqual([]);
      const { rows } = await eb.pool.query(
        'select count(*)::int as n from booking_reminders where booking_id = any($1)',
        [ids],
      );
      expect(rows[0].n).toBe(16);
    } finally {
      await second.close();
      await bus.close();
    }
  });
});
