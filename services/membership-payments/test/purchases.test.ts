import { eventually } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, type PaymentsUnderTest, startPayments } from './fixtures';

const DAY = 86_400_000;

describe('membership-payments: buying a membership', () => {
  let payments: PaymentsUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments?.close());

  it('when the plans are asked for, then the server serves the three plans with GST computed', async () => {
    const res = await payments.call('GET', '/payments/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['monthly', 'annual', 'lifetime']);
    expect(plans[0]).toMatchObject({
      price: 3000,
      interval: 'month',
      trial_days: 14,
      gst_amount: 300,
      total_price: 3300,
      gstExclusive: true,
    });
    expect(plans[1]).toMatchObject({
      price: 24000,
      originalPrice: 36000,
      badge: 'SAVE $120',
      popular: true,
      trial_days: 14,
      total_price: 26400,
    });
    expect(plans[2]).toMatchObject({
      price: 99900,
      badge: 'BEST VALUE',
      featured: true,
      interval: 'lifetime',
      gst_amount: 9990,
      total_price: 109890,
    });
    for (const plan of plans) expect(plan.provider_price_id).toMatch(/^price_/);
  });

  it('when a checkout call comes without a token, then 401 whatever its body says', async () => {
    for (const url of [
      '/payments/create-subscription',
      '/payments/create-payment-intent',
      '/payments/confirm-payment',
    ]) {
      const res = await payments.call('POST', url, undefined, {});
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe('unauthorized');
    }
  });

  it('when the annual plan is bought with 4242, then the trial starts without a charge once the card is saved', async () => {
    const member = await payments.member();
    const priceId = await payments.priceId('annual');
    const res = await payments.call(
      'POST',
      '/payments/create-subscription',
      member.token,
      { plan_id: priceId },
      { 'idempotency-key': `annual-${member.id}` },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'trialing',
      intent_type: 'setup',
      plan_id: 'annual',
      trial_days: 14,
      amount: 26400,
      gst_amount: 2400,
    });
    expect(body.client_secret).toMatch(/^seti_.+_secret_/);
    // Not a member until the card is saved.
    expect((await payments.membership(member.token)).status).toBeNull();

    const confirmed = await payments.confirmCard(body.client_secret, CARDS.success, member.email);
    expect(confirmed.ok).toBe(true);
    const setupIntentId = body.client_secret.split('_secret_')[0];
    const confirm = await payments.call('POST', '/payments/confirm-payment', member.token, {
      setup_intent_id: setupIntentId,
      subscription_id: body.subscription_id,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().membership).toMatchObject({
      type: 'annual',
      status: 'trialing',
      plan_id: 'annual',
      source: 'purchase',
    });
    const trialEnds = new Date(confirm.json().membership.trial_ends_at).getTime();
    expect(Math.abs(trialEnds - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(await payments.membership(member.token)).toEqual({ status: 'trialing', plan_id: 'annual' });

    await payments.webhooksSettled();
    const changes = await payments.published('payments.membership.changed', member.id);
    expect(changes.at(-1)!.data).toMatchObject({ membership: { type: 'annual', status: 'trialing' } });
    // Nothing was charged during the trial.
    expect(
      payments.stripe.findObjects(
        'payment_intent',
        (pi) => pi.customer === confirm.json().membership.provider_customer_id,
      ),
    ).toHaveLength(0);
    const recorded = await payments.transactionsFor(member.id);
    expect(recorded.map((t) => t.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'setup_intent.succeeded',
        'customer.subscription.updated',
      ]),
    );
  });

  it('when the monthly plan is bought without a trial, then the card is charged price plus GST and it is active', async () => {
    const member = await payments.member();
    const res = await payments.call('POST', '/payments/create-subscription', member.token, {
      plan_id: await payments.priceId('monthly'),
      trial_days: 0,
    });
    expect(res.json()).toMatchObject({
      status: 'incomplete',
      intent_type: 'payment',
      trial_days: 0,
      amount: 3300,
    });
    const confirmed = await payments.confirmCard(res.json().client_secret, CARDS.success);
    expect(confirmed.ok).toBe(true);
    await payments.webhooksSettled();
    expect(await payments.membership(member.token)).toEqual({ status: 'active', plan_id: 'monthly' });
    const succeeded = await payments.published('payments.payment.succeeded', member.id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.data).toMatchObject({
      amount: 3300,
      gst_amount: 300,
      purpose: 'membership',
      currency: 'aud',
    });
  });

  it('when the lifetime plan is bought, then the server sets the amount, and the membership is active with no end', async () => {
    const member = await payments.member();
    const res = await payments.call('POST', '/payments/create-payment-intent', member.token, {
      amount: 100,
      currency: 'usd',
      item_id: 'lifetime',
      event_id: 0,
      description: 'Lifetime',
      plan_id: await payments.priceId('lifetime'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 109890, gst_amount: 9990, currency: 'aud' });
    expect((await payments.confirmCard(res.json().client_secret, CARDS.success)).ok).toBe(true);
    const confirm = await payments.call('POST', '/payments/confirm-payment', member.token, {
      payment_intent_id: res.json().payment_intent_id,
      event_id: 0,
    });
    expect(confirm.json()).toMatchObject({
      status: 'succeeded',
      membership: { type: 'lifetime', status: 'active', ends_at: null },
    });
    await payments.webhooksSettled();
    const succeeded = await payments.published('payments.payment.succeeded', member.id);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.data).toMatchObject({
      amount: 109890,
      purpose: 'membership',
      metadata: { plan_id: 'lifetime' },
    });
    const again = await payments.call('POST', '/payments/create-payment-intent', member.token, {
      plan_id: 'lifetime',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You already have a lifetime membership.');
  });

  it.each([
    ['declined', CARDS.declined, 'Your card was declined.'],
    ['insufficient funds', CARDS.insufficientFunds, 'Your card has insufficient funds.'],
  ])(
    'when the card is %s, then the message says so and no membership is made',
    async (_name, card, message) => {
      const member = await payments.member();
      const trial = await payments.call('POST', '/payments/create-subscription', member.token, {
        plan_id: await payments.priceId('annual'),
      });
      const setup = await payments.confirmCard(trial.json().client_secret, card);
      expect(setup).toMatchObject({ ok: false, message });
      const lifetime = await payments.call('POST', '/payments/create-payment-intent', member.token, {
        plan_id: 'lifetime',
      });
      expect(await payments.confirmCard(lifetime.json().client_secret, card)).toMatchObject({
        ok: false,
        message,
      });
      const confirm = await payments.call('POST', '/payments/confirm-payment', member.token, {
        payment_intent_id: lifetime.json().payment_intent_id,
      });
      expect(confirm.json()).toMatchObject({ status: 'requires_payment_method' });
      await payments.webhooksSettled();
      expect(await payments.membership(member.token)).toEqual({ status: null, plan_id: null });
      expect(await payments.published('payments.membership.changed', member.id)).toHaveLength(0);

      // The failed checkout did not use up the free trial, and the good card then starts it.
      const retry = await payments.call('POST', '/payments/create-subscription', member.token, {
        plan_id: 'annual',
      });
      expect(retry.json()).toMatchObject({ trial_days: 14, intent_type: 'setup' });
      expect((await payments.confirmCard(retry.json().client_secret, CARDS.success)).ok).toBe(true);
      await payments.call('POST', '/payments/confirm-payment', member.token, {
        setup_intent_id: retry.json().client_secret.split('_secret_')[0],
        subscription_id: retry.json().subscription_id,
      });
      expect((await payments.membership(member.token)).status).toBe('trialing');
      // The abandoned first subscription was ended at the provider.
      const [first] = payments.stripe.findObjects(
        'subscription',
        (o) => o.id === trial.json().subscription_id,
      );
      expect(first?.status).toBe('canceled');
    },
  );

  it('when an Idempotency-Key is replayed after the first request timed out, then no second subscription is made', async () => {
    const member = await payments.member();
    const key = `retry-${member.id}`;
    const body = { plan_id: await payments.priceId('monthly') };
    payments.stripe.slowDownNextAnswers(1, 1_500);
    const first = fetch(`${payments.url}/payments/create-subscription`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${member.token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(300),
    });
    await expect(first).rejects.toThrow();
    // While the first is still under way, a repeat is told to wait rather than charged again.
    const meanwhile = await payments.call('POST', '/payments/create-subscription', member.token, body, {
      'idempotency-key': key,
    });
    expect(meanwhile.statusCode).toBe(409);
    await eventually(async () => {
      const replay = await payments.call('POST', '/payments/create-subscription', member.token, body, {
        'idempotency-key': key,
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }, 10_000);
    const replay = await payments.call('POST', '/payments/create-subscription', member.token, body, {
      'idempotency-key': key,
    });
    const customer =
      replay.json().subscription_id &&
      payments.stripe.findObjects('subscription', (s) => s.id === replay.json().subscription_id)[0]!.customer;
    expect(payments.stripe.findObjects('subscription', (s) => s.customer === customer)).toHaveLength(1);
    const other = await payments.call(
      'POST',
      '/payments/create-subscription',
      member.token,
      { plan_id: 'annual' },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
  });

  it('when the same lifetime payment intent is asked for twice with one key, then one intent exists', async () => {
    const member = await payments.member();
    const first = await payments.call(
      'POST',
      '/payments/create-payment-intent',
      member.token,
      { plan_id: 'lifetime' },
      { 'idempotency-key': `lifetime-intent-${member.id}` },
    );
    const second = await payments.call(
      'POST',
      '/payments/create-payment-intent',
      member.token,
      { plan_id: 'lifetime' },
      { 'idempotency-key': `lifetime-intent-${member.id}` },
    );
    expect(second.json().payment_intent_id).toBe(first.json().payment_intent_id);
    expect(
      payments.stripe.findObjects(
        'payment_intent',
        (pi) => (pi.metadata as { user_id?: string }).user_id === String(member.id),
      ),
    ).toHaveLength(1);
  });

  it('when someone without a token asks to buy, then 401; with a coach token the plans still answer', async () => {
    expect(
      (await payments.call('POST', '/payments/create-subscription', undefined, { plan_id: 'monthly' }))
        .statusCode,
    ).toBe(401);
    expect((await payments.call('GET', '/payments/subscription-status')).statusCode).toBe(401);
    expect((await payments.call('GET', '/payments/plans')).statusCode).toBe(200);
  });

  it('when a provider id holds half a surrogate pair, then 400 before the provider is asked, not a 500', async () => {
    const member = await payments.member();
    for (const field of ['setup_intent_id', 'payment_intent_id']) {
      const res = await payments.call('POST', '/payments/confirm-payment', member.token, {
        [field]: 'seti_\ud800x',
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });

  it('when an unknown plan is named, then 400', async () => {
    const member = await payments.member();
    const res = await payments.call('POST', '/payments/create-subscription', member.token, {
      plan_id: 'price_nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unknown membership plan.');
  });
});
