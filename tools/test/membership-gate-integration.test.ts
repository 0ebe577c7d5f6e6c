import { randomUUID } from 'node:crypto';
import * as admin from '@linksmate/admin';
import * as identity from '@linksmate/identity';
import * as payments from '@linksmate/membership-payments';
import { type HttpApp, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { eventually } from '@linksmate/platform/testing';
import { REFRESH_COOKIE_NAME } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeSimulator } from '../src/stripe-simulator';
import { RabbitServices } from './fixtures/rabbit-services';

const SERVICE_TOKEN = 'membership-gate-integration-service-token';
const PASSWORD = 'Str0ng!pass';
const KEYS = {
  secret: 'sk_test_simulator',
  publishable: 'pk_test_simulator',
  webhookSecret: 'whsec_simulator',
};

/**
 * The membership gate follows the membership as it is now, for a session that logged in before
 * the change: admin → payments → RabbitMQ → identity → RabbitMQ → gateway.
 */
describe('membership gate over RabbitMQ: a grant and a lapse reach a session without a new login', () => {
  const services = new RabbitServices();
  const stripe = new StripeSimulator({ webhookSecret: KEYS.webhookSecret, publishableKey: KEYS.publishable });
  let identityApp: HttpApp;
  let base: string;
  let adminToken: string;

  beforeAll(async () => {
    await stripe.start();
    identityApp = await services.start(
      'identity',
      identity.migrationsFolder,
      (env, bus) => identity.buildApp(identity.loadIdentityConfig(env), { bus }),
      { SERVICE_TOKEN },
    );
    const identityUrl = await identityApp.listen({ port: 0, host: '127.0.0.1' });
    const shared = {
      SERVICE_TOKEN,
      JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
      IDENTITY_URL: identityUrl,
    };
    const paymentsApp = await services.start(
      'membership-payments',
      payments.migrationsFolder,
      (env, bus) => payments.buildApp(payments.loadMembershipPaymentsConfig(env), { bus }),
      {
        ...shared,
        STRIPE_SECRET_KEY: KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
    );
    const paymentsUrl = await paymentsApp.listen({ port: 0, host: '127.0.0.1' });
    const adminApp = await services.start(
      'admin',
      admin.migrationsFolder,
      (env, bus) => admin.buildApp(admin.loadAdminConfig(env), { bus }),
      { ...shared, PAYMENTS_URL: paymentsUrl },
    );
    const adminUrl = await adminApp.listen({ port: 0, host: '127.0.0.1' });
    ({ base } = await services.gateway('gateway', {
      ...shared,
      PAYMENTS_URL: paymentsUrl,
      ADMIN_URL: adminUrl,
    }));
    adminToken = (await session('gate_admin', 'admin')).token;
  });

  afterAll(async () => {
    await services.close();
    await stripe.close();
  });

  /** A verified account the admin directory lists, logged in once through the gateway. */
  async function session(username: string, role = 'member') {
    const created = await identityApp.inject({
      method: 'POST',
      url: '/internal/accounts',
      headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
      payload: { username, email: `${username}@example.com`, password: PASSWORD, verified: true, role },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().user.id as number;
    await eventually(async () => {
      const { rowCount } = await services.query(
        'admin',
        'select 1 from directory_users where id = $1 and not deleted',
        [id],
      );
      expect(rowCount).toBe(1);
    }, 15_000);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${username}@example.com`, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    return { id, cookie: sessionCookie(login), token: ((await login.json()) as { token: string }).token };
  }

  /** The session cookie as the browser sends it back (`name=value`). */
  const sessionCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${REFRESH_COOKIE_NAME}=`))!
      .split(';')[0]!;

  const raw = async (token: string, path: string, method = 'GET') => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { code?: string; token?: string };
    return { status: res.status, code: body.code, body };
  };

  /**
   * A call as the web app makes it: told its claims are stale, it refreshes the token with the
   * session's cookie (no login) and asks once more.
   */
  async function asSession(person: { token: string; cookie: string }, path: string) {
    const first = await raw(person.token, path);
    if (first.code !== 'claims_stale') return first.status;
    const refreshed = await fetch(`${base}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: person.cookie },
    });
    expect(refreshed.status).toBe(200);
    person.cookie = sessionCookie(refreshed);
    person.token = ((await refreshed.json()) as { token: string }).token;
    return (await raw(person.token, path)).status;
  }

  it('when an admin grants a membership to a logged-in member, then the gated call of the same session passes without a new login; when it lapses, then 402 again', async () => {
    const golfer = await session('gate_golfer');
    const before = golfer.token;
    expect(await asSession(golfer, '/discovery/members')).toBe(402);

    const granted = await fetch(`${base}/api/v1/admin/users/bulk-grant-membership`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: [golfer.id], membership_type: 'annual' }),
    });
    expect(granted.status).toBe(200);

    // The token from before the grant is refused as stale wherever it goes: the gateway heard it.
    await eventually(async () => expect((await raw(before, '/profile')).code).toBe('claims_stale'), 15_000);
    expect(await asSession(golfer, '/discovery/members')).toBe(200);
    expect(golfer.token).not.toBe(before);

    // payments ends the membership (as a cancellation or an expiry reports it).
    const { rows } = await services.query(
      'membership-payments',
      'select version from memberships where user_id = $1',
      [golfer.id],
    );
    const version = Number(rows[0]!.version);
    const bus = services.bus('payments-lapse');
    await bus.start();
    await bus.waitUntilConnected();
    const now = new Date().toISOString();
    await bus.publish([
      {
        id: randomUUID(),
        type: 'payments.membership.changed',
        version: 1,
        occurredAt: now,
        source: 'membership-payments',
        correlationId: randomUUID(),
        data: {
          user_id: golfer.id,
          membership: {
            type: 'annual',
            status: 'canceled',
            plan_id: 'annual',
            trial_ends_at: null,
            current_period_ends_at: now,
            ends_at: now,
            cancel_at_period_end: false,
            source: 'grant',
            provider_subscription_id: null,
            provider_customer_id: null,
          },
          changed_at: now,
          version: version + 1,
        },
      },
    ]);
    const granting = golfer.token;
    await eventually(async () => expect((await raw(granting, '/profile')).code).toBe('claims_stale'), 15_000);
    expect(await asSession(golfer, '/discovery/members')).toBe(402);
    // The token from before the grant gets the same answer as the membership now: it counts again.
    expect((await raw(before, '/discovery/members')).status).toBe(402);
  });
});
