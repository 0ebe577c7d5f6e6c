import * as identity from '@linksmate/identity';
import * as payments from '@linksmate/membership-payments';
import { createLocalVerifier, RabbitMqEventBus } from '@linksmate/platform';
import {
  deleteBusTopology,
  eventually,
  silentLogger,
  TcpProxy,
  testAmqpUrl,
} from '@linksmate/platform/testing';
import { eventRegistry } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmCardAsBrowser, StripeSimulator } from '../src/stripe-simulator';
import { RabbitServices } from './fixtures/rabbit-services';

const KEYS = {
  secret: 'sk_test_simulator',
  publishable: 'pk_test_simulator',
  webhookSecret: 'whsec_simulator',
};

describe('membership over RabbitMQ: payments → RabbitMQ → identity → token', () => {
  const services = new RabbitServices();
  const stripe = new StripeSimulator({
    webhookSecret: KEYS.webhookSecret,
    publishableKey: KEYS.publishable,
    webhookRetryDelaysMs: [200, 500, 1_000],
  });
  // payments reaches the broker through a proxy the test can cut; identity connects directly.
  const brokerUrl = new URL(testAmqpUrl());
  const proxy = new TcpProxy(brokerUrl.hostname, Number(brokerUrl.port || 5672));
  let paymentsBus: RabbitMqEventBus;
  let identityApp: Awaited<ReturnType<typeof identity.buildApp>>;
  let paymentsApp: Awaited<ReturnType<typeof payments.buildApp>>;
  let jwks: unknown;

  beforeAll(async () => {
    await stripe.start();
    const proxiedUrl = new URL(brokerUrl);
    proxiedUrl.port = String(await proxy.start());
    identityApp = await services.start('identity', identity.migrationsFolder, (env, bus) =>
      identity.buildApp(identity.loadIdentityConfig(env), { bus }),
    );
    jwks = (await identityApp.inject('/.well-known/jwks.json')).json();
    paymentsBus = new RabbitMqEventBus({
      url: proxiedUrl.toString(),
      registry: eventRegistry,
      logger: silentLogger(),
      exchange: services.exchange,
      queuePrefix: services.queuePrefix,
      reconnect: { initialMs: 100, maxMs: 500 },
      connectionName: 'payments-via-proxy',
    });
    await paymentsBus.start();
    await paymentsBus.waitUntilConnected();
    paymentsApp = await services.start(
      'membership-payments',
      payments.migrationsFolder,
      (env, bus) =>
        payments.buildApp(payments.loadMembershipPaymentsConfig(env), {
          bus,
          verifier: createLocalVerifier(jwks as never),
        }),
      {
        STRIPE_SECRET_KEY: KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
      { bus: paymentsBus },
    );
    const paymentsUrl = await paymentsApp.listen({ port: 0, host: '127.0.0.1' });
    stripe.setWebhookUrl(`${paymentsUrl}/payments/webhook`);
  });

  afterAll(async () => {
    await services.close();
    await paymentsBus?.close();
    await deleteBusTopology(testAmqpUrl(), [paymentsBus]);
    await proxy.stop();
    await stripe.close();
  });

  async function verifiedMember(username: string) {
    const email = `${username}@example.com`;
    const password = 'Str0ng!pass';
    await identityApp.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username, email, password },
    });
    await services.query('identity', 'update users set email_verified_at = now() where username = $1', [
      username,
    ]);
    const login = async () =>
      (await identityApp.inject({ method: 'POST', url: '/auth/login', payload: { email, password } })).json()
        .token as string;
    const token = await login();
    const claims = await createLocalVerifier(jwks as never).verify(token);
    // payments learns of the person from identity's events.
    await eventually(async () => {
      const { rowCount } = await services.query('membership-payments', 'select 1 from users where id = $1', [
        claims.user_id,
      ]);
      expect(rowCount).toBe(1);
    }, 15_000);
    return { email, token, userId: claims.user_id, login };
  }

  async function buyAnnual(token: string) {
    const plans = (await paymentsApp.inject('/payments/plans')).json().plans;
    const annual = plans.find((p: { id: string }) => p.id === 'annual');
    const created = await paymentsApp.inject({
      method: 'POST',
      url: '/payments/create-subscription',
      headers: { authorization: `Bearer ${token}` },
      payload: { plan_id: annual.provider_price_id },
    });
    expect(created.statusCode).toBe(200);
    const confirmed = await confirmCardAsBrowser({
      simulatorUrl: stripe.url,
      publishableKey: KEYS.publishable,
      clientSecret: created.json().client_secret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(confirmed.ok).toBe(true);
    return created.json().subscription_id as string;
  }

  it('when a member buys the annual plan, then the next token carries the trial membership claims', async () => {
    const member = await verifiedMember('claims_buyer');
    await buyAnnual(member.token);
    await eventually(async () => {
      const claims = await createLocalVerifier(jwks as never).verify(await member.login());
      expect(claims.membership_status).toBe('trialing');
      expect(Date.parse(claims.membership_ends_at!)).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    }, 20_000);
    const profile = await identityApp.inject({
      url: '/profile',
      headers: { authorization: `Bearer ${await member.login()}` },
    });
    expect(profile.json().membership).toMatchObject({
      type: 'annual',
      status: 'trialing',
      plan_id: 'annual',
    });
  });

  it("when RabbitMQ is unreachable, then payments stays ready, answers reads and takes the webhooks' writes, and identity's snapshot is updated once the broker returns", async () => {
    const member = await verifiedMember('outage_buyer');
    proxy.cut();
    await eventually(async () =>
      expect((await paymentsApp.inject('/health')).json().details).toEqual({ bus: 'disconnected' }),
    );
    // Still in service: ready, reads answered, and the writes below accepted into the outbox.
    const ready = await paymentsApp.inject('/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await paymentsApp.inject('/payments/plans')).statusCode).toBe(200);
    await buyAnnual(member.token);
    // The webhooks are answered and the change waits in payments' outbox.
    await eventually(async () => {
      const { rows } = await services.query(
        'membership-payments',
        `select count(*)::int as n from outbox where type = 'payments.membership.changed' and sent_at is null`,
      );
      const membership = await services.query(
        'membership-payments',
        'select status from memberships where user_id = $1',
        [member.userId],
      );
      expect(membership.rows[0]?.status).toBe('trialing');
      expect(rows[0]?.n).toBeGreaterThan(0);
    }, 15_000);
    const during = await createLocalVerifier(jwks as never).verify(await member.login());
    expect(during.membership_status).toBeNull();
    proxy.restore();
    await eventually(async () => {
      const claims = await createLocalVerifier(jwks as never).verify(await member.login());
      expect(claims.membership_status).toBe('trialing');
    }, 30_000);
    // None lost, none left behind: the outbox sends every event, those whose publishing failed as
    // the broker went away included, once their backoff (at most 30 s) has passed.
    await eventually(async () => {
      const { rows } = await services.query(
        'membership-payments',
        'select count(*)::int as n from outbox where sent_at is null',
      );
      expect(rows[0]?.n).toBe(0);
    }, 60_000);
    expect((await paymentsApp.inject('/health')).json().details).toEqual({ bus: 'connected' });
  }, 150_000);
});
