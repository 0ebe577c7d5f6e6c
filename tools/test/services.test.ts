import * as admin from '@linksmate/admin';
import * as eventsBookings from '@linksmate/events-bookings';
import * as identity from '@linksmate/identity';
import * as membershipPayments from '@linksmate/membership-payments';
import * as messaging from '@linksmate/messaging';
import { createLocalVerifier, type HttpApp } from '@linksmate/platform';
import {
  createTestAuth,
  createTestDatabase,
  silentLogger,
  type TestAuth,
  TestEventBus,
} from '@linksmate/platform/testing';
import * as venuesCoaches from '@linksmate/venues-coaches';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeSimulator } from '../src/stripe-simulator/simulator';

const SERVICES = [
  ['identity', { ...identity, loadConfig: identity.loadIdentityConfig }],
  [
    'membership-payments',
    { ...membershipPayments, loadConfig: membershipPayments.loadMembershipPaymentsConfig },
  ],
  ['events-bookings', { ...eventsBookings, loadConfig: eventsBookings.loadEventsBookingsConfig }],
  ['venues-coaches', { ...venuesCoaches, loadConfig: venuesCoaches.loadVenuesCoachesConfig }],
  ['messaging', { ...messaging, loadConfig: messaging.loadMessagingConfig }],
  ['admin', { ...admin, loadConfig: admin.loadAdminConfig }],
] as const;

const stripe = new StripeSimulator({ webhookSecret: 'whsec_simulator', publishableKey: 'pk_test_simulator' });
beforeAll(() => stripe.start());
afterAll(() => stripe.close());

describe.each(SERVICES)('%s service', (name, service) => {
  let app: HttpApp;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let auth: TestAuth;
  const bus = new TestEventBus();

  beforeAll(async () => {
    const database = await createTestDatabase(name, service.migrationsFolder);
    databaseUrl = database.url;
    drop = database.drop;
    auth = await createTestAuth();
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      JWKS_URL: auth.jwksUrl,
      STRIPE_SECRET_KEY: 'sk_test_simulator',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_simulator',
      STRIPE_WEBHOOK_SECRET: 'whsec_simulator',
      STRIPE_API_BASE: stripe.url,
    };
    app = await service.buildApp(service.loadConfig(env) as never, {
      bus,
      verifier: createLocalVerifier(auth.signer.jwks()),
      logger: silentLogger(),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await bus.close();
    await auth?.close();
    await drop?.();
  });

  it('when started, then it is ready with its database, and alive with the bus connected', async () => {
    expect((await app.inject('/health')).json()).toEqual({
      status: 'ok',
      service: name,
      details: { bus: 'connected' },
    });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toMatchObject({ database: true });
    expect(ready.json().checks, 'the broker does not decide readiness').not.toHaveProperty('bus');
  });

  it('when its database was migrated at start, then it holds the outbox and inbox tables', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_name in ('outbox', 'inbox') order by 1`,
    );
    await client.end();
    expect(rows.map((r) => r.table_name)).toEqual(['inbox', 'outbox']);
  });

  it('when asked, then it describes its routes as OpenAPI and unknown routes get a JSON 404', async () => {
    expect((await app.inject('/openapi.json')).json().openapi).toBe('3.0.3');
    const missing = await app.inject('/nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });
});
