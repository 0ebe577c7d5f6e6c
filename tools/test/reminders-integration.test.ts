import * as eventsBookings from '@linksmate/events-bookings';
import * as messaging from '@linksmate/messaging';
import {
  flushTracing,
  type HttpApp,
  type RabbitMqEventBus,
  startTracing,
  stopTracing,
} from '@linksmate/platform';
import { createTestAuth, eventually, type TestAuth, TestClock } from '@linksmate/platform/testing';
import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import { MailCatcher } from '@linksmate/tools/mail-catcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, userRegistered } from './fixtures/identity-stub';
import { OtlpReceiver } from './fixtures/otlp-receiver';
import { RabbitServices } from './fixtures/rabbit-services';

const SERVICE_TOKEN = 'reminders-integration-service-token';
const PUBLIC_URL = 'https://linksmate.example';
const VENUE_ID = 611;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** venues-coaches' report of a listed venue in Perth (its clock 8 hours ahead of UTC, no daylight saving). */
const venueCreated = envelope('venues.venue.created', 'venues-coaches', {
  venue_id: VENUE_ID,
  name: 'Lake Karrinyup Country Club',
  slug: 'lake-karrinyup',
  address: '54 Karrinyup Road',
  city: 'Karrinyup',
  state: 'WA',
  lat: -31.87,
  lng: 115.78,
  is_active: true,
  is_verified: true,
  admin_user_ids: [],
  version: 1,
});

describe('reminders over RabbitMQ: two events-bookings replicas → outbox → messaging → notification and one e-mail each', () => {
  const services = new RabbitServices();
  const clock = new TestClock();
  const smtp = new MailCatcher();
  const receiver = new OtlpReceiver();
  let auth: TestAuth;
  let replicas: HttpApp[];
  let publisher: RabbitMqEventBus;

  beforeAll(async () => {
    auth = await createTestAuth();
    await smtp.start();
    const endpoint = await receiver.start();
    expect(
      await startTracing({
        serviceName: 'reminders-test',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
      }),
    ).toBe(true);
    const settings = {
      SERVICE_TOKEN,
      JWKS_URL: auth.jwksUrl,
      REMINDER_SWEEP_INTERVAL_MS: '100',
    };
    const build = (env: Record<string, string>, bus: RabbitMqEventBus) =>
      eventsBookings.buildApp(eventsBookings.loadEventsBookingsConfig(env), { bus, clock: clock.now });
    // Two replicas of events-bookings on one database, each running the reminders job on the same clock.
    replicas = [
      await services.start('events-bookings', eventsBookings.migrationsFolder, build, settings),
      await services.replica('events-bookings', build, settings),
    ];
    await services.start(
      'messaging',
      messaging.migrationsFolder,
      (env, bus) => messaging.buildApp(messaging.loadMessagingConfig(env), { bus }),
      { SERVICE_TOKEN, JWKS_URL: auth.jwksUrl, SMTP_URL: smtp.smtpUrl, PUBLIC_URL },
    );
    publisher = await services.connectedBus('other-contexts');
  }, 90_000);

  afterAll(async () => {
    await services.close();
    await stopTracing();
    await receiver.stop();
    await smtp.stop();
    await auth?.close();
  });

  async function known(check: () => Promise<{ rowCount: number | null }>) {
    await eventually(async () => expect((await check()).rowCount).toBe(1), 15_000);
  }

  it('when booked events come 24 hours near, then each player gets one reminder in the app and one e-mail, whichever replica sent it', async () => {
    const players = Array.from({ length: 6 }, (_, i) => ({ id: 9301 + i, username: `reminded_${i}` }));
    await publisher.publish([venueCreated, ...players.map((p) => userRegistered(p.id, p.username))]);
    await known(() => services.query('events-bookings', 'select 1 from venues where id = $1', [VENUE_ID]));
    for (const p of players) {
      await known(() => services.query('events-bookings', 'select 1 from users where id = $1', [p.id]));
      await known(() => services.query('messaging', 'select 1 from users where id = $1', [p.id]));
    }
    // 10:00 in Perth (02:00 UTC), 26 to 50 hours from now on the test clock.
    const start = new Date(clock.now().getTime() + 48 * HOUR);
    start.setUTCHours(2, 0, 0, 0);
    const { rows } = await services.query<{ id: number }>(
      'events-bookings',
      `insert into events (title, event_type, venue_id, start_time, capacity)
       values ('Sandgropers Stableford', $1, $2, $3, 20) returning id`,
      [OFFICIAL_EVENT_TYPE, VENUE_ID, start],
    );
    const eventId = rows[0]!.id;
    for (const [i, p] of players.entries()) {
      const token = await auth.tokenFor(p.id, 'member', {
        membership_status: 'active',
        membership_ends_at: null,
      });
      const joined = await replicas[i % 2]!.inject({
        method: 'POST',
        url: `/events/${eventId}/join`,
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }

    clock.advance(start.getTime() - clock.now().getTime() - 24 * HOUR + MINUTE);
    const mailsTo = (username: string) =>
      smtp.messages().filter((m) => m.to.includes(`${username}@example.com`));
    await eventually(() => expect(players.filter((p) => mailsTo(p.username).length)).toHaveLength(6), 20_000);
    // Both replicas keep sweeping; nothing more comes.
    await new Promise((r) => setTimeout(r, 1500));
    for (const p of players) {
      const [mail, ...more] = mailsTo(p.username);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('In 24 hours: Sandgropers Stableford');
      expect(mail!.text).toContain('Where: Lake Karrinyup Country Club, 54 Karrinyup Road, Karrinyup, WA');
      expect(mail!.text).toMatch(/Starts \w{3}, \d{1,2} \w{3} \d{4}, 10:00 am AWST at Lake Karrinyup/);
      expect(mail!.links).toEqual([
        'https://www.google.com/maps/dir/?api=1&destination=-31.87%2C115.78',
        `${PUBLIC_URL}/events/${eventId}`,
      ]);
    }
    const notifications = await services.query<{ recipient_user_id: number; n: number }>(
      'messaging',
      `select recipient_user_id, count(*)::int as n from notifications where kind = 'reminder' group by 1 order by 1`,
    );
    expect(notifications.rows).toEqual(players.map((p) => ({ recipient_user_id: p.id, n: 1 })));
    const recorded = await services.query('events-bookings', 'select 1 from booking_reminders');
    expect(recorded.rowCount).toBe(6);

    // Traced like a request: each reminder messaging handled is in the trace of the job run that sent it.
    const traced = await eventually(async () => {
      await flushTracing();
      const processed = receiver.spans.filter((x) => x.name === 'process events.booking.reminder-fell-due');
      expect(processed.length).toBeGreaterThanOrEqual(6);
      return processed;
    }, 10_000);
    for (const span of traced) {
      expect(receiver.named('job booking-reminders', span.traceId)).toHaveLength(1);
      expect(receiver.named('publish events.booking.reminder-fell-due', span.traceId).length).toBeGreaterThan(
        0,
      );
    }
  });
});
