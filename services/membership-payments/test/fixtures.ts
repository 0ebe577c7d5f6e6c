import { randomUUID } from 'node:crypto';
import { createLocalVerifier } from '@linksmate/platform';
import {
  createTestAuth,
  eventually,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { EventEnvelope } from '@linksmate/proto';
import { confirmCardAsBrowser, StripeSimulator } from '@linksmate/tools/stripe-simulator';
import type pg from 'pg';
import { buildApp, loadMembershipPaymentsConfig, migrationsFolder } from '../src';

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const SERVICE_TOKEN = 'payments-test-service-token';
const KEYS = {
  secret: 'sk_test_simulator',
  publishable: 'pk_test_simulator',
  webhookSecret: 'whsec_simulator',
};

/** membership-payments listening on a port (the simulator's webhooks reach it), with helpers. */
export class PaymentsUnderTest {
  readonly pool: pg.Pool;
  private nextUserId = 1000 + Math.floor(Math.random() * 1000);

  constructor(
    readonly service: ServiceUnderTest,
    readonly stripe: StripeSimulator,
    readonly auth: TestAuth,
    readonly url: string,
  ) {
    this.pool = testPool(service.database.url, 2);
  }

  get app() {
    return this.service.app;
  }

  /** A person identity has told payments about (the projection), with a token. */
  async member(role: 'member' | 'admin' | 'site_admin' | 'coach' = 'member') {
    const id = this.nextUserId++;
    const email = `member${id}@example.com`;
    await this.service.bus.publish([
      {
        id: randomUUID(),
        type: 'identity.user.registered',
        version: 1,
        occurredAt: new Date().toISOString(),
        source: 'identity',
        correlationId: randomUUID(),
        data: {
          user_id: id,
          username: `member${id}`,
          email,
          first_name: null,
          last_name: null,
          profile_image_url: null,
          role,
          skill_level: null,
          manual_handicap: null,
          availability_status: 'Available',
          is_profile_visible: true,
          email_verified: true,
          banned: false,
          created_at: new Date().toISOString(),
          last_login_at: null,
          token_version: 0,
          version: 1,
        },
      },
    ]);
    await eventually(async () => {
      const { rowCount } = await this.pool.query('select 1 from users where id = $1', [id]);
      if (!rowCount) throw new Error('projection not there yet');
    });
    return { id, email, token: await this.auth.tokenFor(id, role) };
  }

  call(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }

  async priceId(planId: string): Promise<string> {
    const plans = (await this.call('GET', '/payments/plans')).json().plans as Array<{
      id: string;
      provider_price_id: string;
    }>;
    return plans.find((p) => p.id === planId)!.provider_price_id;
  }

  /** The browser's part: the card goes to the simulator with the client secret. */
  confirmCard(clientSecret: string, cardNumber: string, email?: string) {
    return confirmCardAsBrowser({
      simulatorUrl: this.stripe.url,
      publishableKey: KEYS.publishable,
      clientSecret,
      cardNumber,
      email,
    });
  }

  async membership(token: string) {
    return (await this.call('GET', '/payments/subscription-status', token)).json() as {
      status: string | null;
      plan_id: string | null;
    };
  }

  async published(type: string, userId?: number): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus
      .ofType(type)
      .filter((e) => userId === undefined || (e.data as { user_id?: number }).user_id === userId);
  }

  async transactionsFor(userId: number) {
    return (
      await this.pool.query('select type, status, amount from transactions where user_id = $1 order by id', [
        userId,
      ])
    ).rows;
  }

  /** Waits until every webhook the simulator sent so far (to an endpoint) was answered 2xx. */
  async webhooksSettled(): Promise<void> {
    await eventually(() => {
      const pending = this.stripe
        .eventsOfType()
        .filter((e) => Number(e.pending_webhooks) > 0)
        .filter((e) => !this.stripe.deliveries.some((d) => d.eventId === e.id && d.status === 200));
      if (pending.length) throw new Error(`${pending.length} webhooks not yet delivered`);
    }, 15_000);
  }

  /**
   * Webhooks held back (`withWebhooksHeld`) come in here by hand, signed as Stripe signs them, in
   * the order a test chooses: Stripe does not promise one.
   */
  async deliverWebhook(event: object) {
    const payload = JSON.stringify(event);
    return this.call('POST', '/payments/webhook', undefined, payload, {
      'content-type': 'application/json',
      'stripe-signature': this.stripe.signature(payload),
    });
  }

  /** Runs `work` with the simulator's webhooks held back (kept, not sent), then sends new ones again. */
  async withWebhooksHeld<T>(work: () => Promise<T>): Promise<T> {
    this.stripe.setWebhookUrl('');
    try {
      return await work();
    } finally {
      this.stripe.setWebhookUrl(`${this.url}/payments/webhook`);
    }
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.stripe.close();
    await this.auth.close();
  }
}

/** What the service under test is configured with (a second replica takes the same). */
export function paymentsEnv(stripeUrl: string): Record<string, string> {
  return {
    SERVICE_TOKEN,
    STRIPE_SECRET_KEY: KEYS.secret,
    STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_BASE: stripeUrl,
    GRANT_EXPIRY_SWEEP_MS: '200',
    MEMBERSHIP_NOTICE_SWEEP_MS: '200',
  };
}

export async function startPayments(options: { webhooks?: boolean } = {}): Promise<PaymentsUnderTest> {
  const stripe = new StripeSimulator({
    webhookSecret: KEYS.webhookSecret,
    publishableKey: KEYS.publishable,
    webhookRetryDelaysMs: [100, 300, 1_000],
  });
  await stripe.start();
  const auth = await createTestAuth();
  const service = await startServiceUnderTest({
    name: 'membership-payments',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: paymentsEnv(stripe.url),
    build: (env, deps) => buildApp(loadMembershipPaymentsConfig(env), deps),
  });
  const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
  if (options.webhooks !== false) stripe.setWebhookUrl(`${url}/payments/webhook`);
  return new PaymentsUnderTest(service, stripe, auth, url);
}
