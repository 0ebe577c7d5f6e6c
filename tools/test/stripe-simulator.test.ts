import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeSimulator } from '../src/stripe-simulator';

describe('Stripe simulator, through the official SDK', () => {
  const simulator = new StripeSimulator({
    webhookSecret: 'whsec_simulator',
    publishableKey: 'pk_test_simulator',
  });
  let stripe: Stripe;

  beforeAll(async () => {
    const base = new URL(await simulator.start());
    stripe = new Stripe('sk_test_simulator', {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      telemetry: false,
    });
  });
  afterAll(() => simulator.close());

  it('when a request is sent again with its idempotency key, then the first answer comes back and nothing new is made', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
  });

  it('when a key is reused for different parameters, then the request is refused, as Stripe does', async () => {
    await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-2' });
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-2' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });
});
