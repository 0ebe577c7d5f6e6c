import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmCardAsBrowser, StripeSimulator } from '../src/stripe-simulator';

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

  async function paidIntent(amount: number, metadata: Record<string, string> = {}) {
    const intent = await stripe.paymentIntents.create({ amount, currency: 'aud', metadata });
    const paid = await confirmCardAsBrowser({
      simulatorUrl: simulator.url,
      publishableKey: 'pk_test_simulator',
      clientSecret: intent.client_secret!,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.ok).toBe(true);
    return intent;
  }

  it('when a paid intent is refunded, then a succeeded refund comes back and charge.refunded carries the amount and the metadata', async () => {
    const intent = await paidIntent(2200, { purpose: 'event_slots', hold_id: '7' });
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 2200,
      payment_intent: intent.id,
    });
    expect(refund.id).toMatch(/^re_/);
    const refunded = simulator
      .eventsOfType('charge.refunded')
      .map((e) => (e.data as { object: Record<string, unknown> }).object)
      .find((charge) => charge.payment_intent === intent.id);
    expect(refunded).toMatchObject({
      amount_refunded: 2200,
      refunded: true,
      metadata: { purpose: 'event_slots', hold_id: '7' },
    });
  });

  it('when part of a payment is refunded, then only what is left can be refunded after it', async () => {
    const intent = await paidIntent(1000);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 400 });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 700 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(600);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('when an intent that was never paid is refunded, then the refund is refused, as Stripe does', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'aud' });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('does not have a successful charge to refund'),
    });
  });

  it('when an unpaid intent is canceled, then it is canceled, payment_intent.canceled is emitted and it can no longer be paid', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'aud' });
    const canceled = await stripe.paymentIntents.cancel(intent.id);
    expect(canceled.status).toBe('canceled');
    expect(
      simulator
        .eventsOfType('payment_intent.canceled')
        .some((e) => (e.data as { object: { id: string } }).object.id === intent.id),
    ).toBe(true);
    const paid = await confirmCardAsBrowser({
      simulatorUrl: simulator.url,
      publishableKey: 'pk_test_simulator',
      clientSecret: intent.client_secret!,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.ok).toBe(false);
  });

  it('when a succeeded intent is canceled, then the cancel is refused, as Stripe does', async () => {
    const intent = await paidIntent(900);
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining('status of succeeded'),
    });
  });
});

describe('Stripe simulator, kept between starts', () => {
  const options = { webhookSecret: 'whsec_simulator', publishableKey: 'pk_test_simulator' };
  const sdkFor = (url: string) => {
    const base = new URL(url);
    return new Stripe('sk_test_simulator', {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      telemetry: false,
    });
  };

  it('when a simulator with a state file is closed and another starts on it, then a subscription paid before can still be read and cancelled', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'lm-sim-')), 'stripe-simulator.json');
    const first = new StripeSimulator({ ...options, stateFile });
    const stripe = sdkFor(await first.start());
    const customer = await stripe.customers.create({ email: 'kept@example.com' });
    const product = await stripe.products.create({ name: 'Monthly' });
    const price = await stripe.prices.create({
      currency: 'aud',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      product: product.id,
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const paid = await confirmCardAsBrowser({
      simulatorUrl: first.url,
      publishableKey: 'pk_test_simulator',
      clientSecret: (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.ok).toBe(true);
    await first.close();

    const second = new StripeSimulator({ ...options, stateFile });
    const again = sdkFor(await second.start());
    try {
      expect((await again.subscriptions.retrieve(subscription.id)).status).toBe('active');
      const cancelling = await again.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      expect(cancelling.cancel_at_period_end).toBe(true);
      // A card's outcome is known from its number, which is kept too: charging it again succeeds.
      const renewed = second.advanceSubscription(subscription.id);
      expect(renewed.status).toBe('canceled');
    } finally {
      await second.close();
    }
  });

  it('when the state file cannot be read, then the simulator starts empty and the file is set aside, not deleted', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lm-sim-'));
    const stateFile = join(folder, 'stripe-simulator.json');
    writeFileSync(stateFile, '{ half a file');
    const simulator = new StripeSimulator({ ...options, stateFile });
    const stripe = sdkFor(await simulator.start());
    try {
      expect((await stripe.prices.list()).data).toEqual([]);
      expect(
        readdirSync(folder).filter((f) => f.startsWith('stripe-simulator.json.unreadable-')),
      ).toHaveLength(1);
    } finally {
      await simulator.close();
    }
  });
});
