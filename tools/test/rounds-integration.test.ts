import * as eventsBookings from '@linksmate/events-bookings';
import * as messaging from '@linksmate/messaging';
import { type HttpApp, type RabbitMqEventBus, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { createTestAuth, eventually, type TestAuth } from '@linksmate/platform/testing';
import {
  blankHoles,
  type HandicapReply,
  latestRoundDay,
  type NotificationsReply,
  type Round,
  type RoundsToConfirmReply,
} from '@linksmate/proto';
import * as venuesCoaches from '@linksmate/venues-coaches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenVersionsServer, userRegistered } from './fixtures/identity-stub';
import { RabbitServices } from './fixtures/rabbit-services';

const SERVICE_TOKEN = 'rounds-integration-service-token';
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const STROKE_INDEXES = [7, 3, 15, 11, 1, 13, 17, 5, 9, 8, 2, 16, 12, 4, 14, 18, 6, 10];

const daysAgo = (n: number) =>
  new Date(Date.parse(`${latestRoundDay(new Date())}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A card adding up to `total` over the par-72 tee: par, then a stroke more a hole in turn. */
const card = (total: number) => {
  const strokes = [...PARS];
  for (let extra = total - 72, i = 0; extra > 0; extra--, i++) strokes[i % 18]! += 1;
  return strokes.map((s) => ({ strokes: s }));
};

describe('rounds across services over RabbitMQ: venues-coaches → events-bookings → messaging, through the gateway', () => {
  const services = new RabbitServices();
  let auth: TestAuth;
  let identityStub: Awaited<ReturnType<typeof tokenVersionsServer>>;
  let publisher: RabbitMqEventBus;
  let base: string;
  let venueId: number;
  let courseId: number;
  let teeId: number;

  beforeAll(async () => {
    auth = await createTestAuth();
    identityStub = await tokenVersionsServer();
    const common = { SERVICE_TOKEN, JWKS_URL: auth.jwksUrl, IDENTITY_URL: identityStub.url };
    const venuesApp: HttpApp = await services.start(
      'venues-coaches',
      venuesCoaches.migrationsFolder,
      (env, bus) => venuesCoaches.buildApp(venuesCoaches.loadVenuesCoachesConfig(env), { bus }),
      common,
    );
    const venuesUrl = await venuesApp.listen({ port: 0, host: '127.0.0.1' });
    const eventsApp: HttpApp = await services.start(
      'events-bookings',
      eventsBookings.migrationsFolder,
      (env, bus) => eventsBookings.buildApp(eventsBookings.loadEventsBookingsConfig(env), { bus }),
      { ...common, VENUES_URL: venuesUrl },
    );
    const eventsUrl = await eventsApp.listen({ port: 0, host: '127.0.0.1' });
    const messagingApp: HttpApp = await services.start(
      'messaging',
      messaging.migrationsFolder,
      (env, bus) => messaging.buildApp(messaging.loadMessagingConfig(env), { bus }),
      { ...common, SMTP_URL: 'smtp://127.0.0.1:1' },
    );
    const messagingUrl = await messagingApp.listen({ port: 0, host: '127.0.0.1' });
    ({ base } = await services.gateway('gateway', {
      IDENTITY_URL: identityStub.url,
      JWKS_URL: auth.jwksUrl,
      SERVICE_TOKEN,
      EVENTS_URL: eventsUrl,
      VENUES_URL: venuesUrl,
      MESSAGING_URL: messagingUrl,
    }));
    publisher = await services.connectedBus('identity');

    // A venue with an 18-hole course and its tee, as venues-coaches keeps them.
    const internal = (path: string, body: unknown) =>
      fetch(`${venuesUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
        body: JSON.stringify(body),
      });
    const venue = await internal('/internal/venues', {
      name: 'Integration Links',
      state: 'VIC',
      venue_type: ['golf_course'],
    });
    expect(venue.status).toBe(201);
    venueId = ((await venue.json()) as { venue: { id: number } }).venue.id;
    const holes = blankHoles(18).map((hole, i) => ({
      ...hole,
      par: PARS[i]!,
      stroke_index: STROKE_INDEXES[i]!,
    }));
    const courses = await internal('/internal/venues/courses', {
      venues: [
        {
          venue_id: venueId,
          courses: [
            {
              name: 'Championship',
              holes: 18,
              tees: [{ name: 'Blue', gender: 'men', par: 72, course_rating: 72, slope_rating: 113, holes }],
            },
          ],
        },
      ],
    });
    expect(courses.status, await courses.clone().text()).toBe(201);
    const { rows } = await services.query<{ id: number; course_id: number }>(
      'venues-coaches',
      'select id, course_id from course_tees',
    );
    teeId = rows[0]!.id;
    courseId = rows[0]!.course_id;
  }, 90_000);

  afterAll(async () => {
    await services.close();
    await identityStub?.close();
    await auth?.close();
  });

  /** A person identity told every service of, with a signed token. */
  async function person(userId: number, username: string) {
    await publisher.publish([userRegistered(userId, username)]);
    for (const service of ['events-bookings', 'messaging'])
      await eventually(async () => {
        const { rowCount } = await services.query(service, 'select 1 from users where id = $1', [userId]);
        expect(rowCount, service).toBe(1);
      }, 15_000);
    return { id: userId, token: await auth.tokenFor(userId, 'member', { membership_status: null }) };
  }

  async function api<T>(method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  const record = async (token: string, body: Record<string, unknown>) => {
    const res = await api<{ round: Round }>('POST', '/rounds', token, {
      venue_id: venueId,
      course_id: courseId,
      tee_id: teeId,
      holes_played: 'all',
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.round;
  };
  const indexOf = async (token: string) =>
    (await api<HandicapReply>('GET', '/rounds/handicap', token)).body.index;

  it('when a partner confirms a round recorded with their card, then they were told of it and both indexes change', async () => {
    const recorder = await person(9101, 'rounds_recorder');
    const partner = await person(9102, 'rounds_partner');
    // 54 holes each: an index by the table's "lowest less 2.0".
    for (const [i, total] of [90, 92, 88].entries())
      await record(recorder.token, { played_on: daysAgo(30 - i), holes: card(total) });
    for (const [i, total] of [100, 98, 102].entries())
      await record(partner.token, { played_on: daysAgo(30 - i), holes: card(total) });
    expect(await indexOf(recorder.token)).toBe(14);
    expect(await indexOf(partner.token)).toBe(24);

    const round = await record(recorder.token, {
      played_on: daysAgo(1),
      holes: card(80),
      partners: [{ user_id: partner.id, holes: card(90) }],
    });
    // The tee was read from venues-coaches and kept in the round.
    expect(round).toMatchObject({
      venue_name: 'Integration Links',
      course_name: 'Championship',
      tee_name: 'Blue',
    });
    expect(round.status).toBe('awaiting_confirmation');

    // The partner hears of it in the notification centre, linking to their own copy.
    const [copy] = (await api<RoundsToConfirmReply>('GET', '/rounds/to-confirm', partner.token)).body.rounds;
    const told = await eventually(async () => {
      const { body } = await api<NotificationsReply>('GET', '/notifications', partner.token);
      const found = body.notifications.find((n) => n.kind === 'round_to_confirm');
      expect(found).toBeDefined();
      return found!;
    }, 15_000);
    expect(told).toMatchObject({
      link: `/rounds/${copy!.id}`,
      title: 'Round to confirm: Championship, Integration Links',
    });
    expect(await indexOf(recorder.token)).toBe(14);
    expect(await indexOf(partner.token)).toBe(24);

    const confirmed = await api<{ round: Round }>('POST', `/rounds/${copy!.id}/confirm`, partner.token);
    expect(confirmed.status).toBe(200);
    // Four scores each: the lowest less 1.0 (80 → 8.0 for the recorder, 90 → 18.0 for the partner).
    expect(await indexOf(recorder.token)).toBe(7);
    expect(await indexOf(partner.token)).toBe(17);
    const own = await api<{ round: Round }>('GET', `/rounds/${round.id}`, recorder.token);
    expect(own.body.round).toMatchObject({ status: 'counting', attested: true });
    // Nobody else's: the recorder cannot read the partner's copy.
    expect((await api('GET', `/rounds/${copy!.id}`, recorder.token)).status).toBe(404);
  });
});
