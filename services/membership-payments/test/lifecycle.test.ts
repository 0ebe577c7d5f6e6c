import { randomUUID } from 'node:crypto';
import { eventually } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, type PaymentsUnderTest, SERVICE_TOKEN, startPayments } from './fixtures';

const DAY = 86_400_000;

/** A member on the annual trial with a saved card. */
async function trialMember(payments: PaymentsUnderTest, plan: 'annual' | 'monthly' = 'annual') {
  const member = await payments.member();
  const res = await payments.call('POST', '/payments/create-subscription', member.token, {
    plan_id: await payments.priceId(plan),
  });
  const { client_secret, subscription_id } = res.json();
  expect((await payments.confirmCard(client_secret, CARDS.success)).ok).toBe(true);
  await payments.webhooksSettled();
  return { ...member, subscriptionId: subscription_id as string };
}

async function membershipRow(payments: PaymentsUnderTest, userId: number) {
  const { rows } = await payments.pool.query('select * from memberships where user_id = $1', [userId]);
  return rows[0];
}

describe('membership-payments: webhooks and the life of a membership', () => {
  let payments: PaymentsUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments?.close());

  it('when the same webhook is delivered twice, then one transaction and one membership change', async () => {
    const member = await trialMember(payments);
    const before = (await payments.published('payments.membership.changed', member.id)).length;
    const transactionsBefore = (await payments.transactionsFor(member.id)).length;
    const created = payments.stripe.eventsOfType('setup_intent.succeeded').at(-1)!;
    payments.stripe.redeliver(created.id);
    payments.stripe.redeliver(created.id);
    await eventually(() =>
      expect(payments.stripe.deliveries.filter((d) => d.eventId === created.id)).toHaveLength(3),
    );
    await payments.webhooksSettled();
    expect((await payments.transactionsFor(member.id)).length).toBe(transactionsBefore);
    expect((await payments.published('payments.membership.changed', member.id)).length).toBe(before);
  });

  it('when two webhooks arrive in reverse order, then the membership ends as the later state says, with one transaction each', async () => {
    // Hold the webhooks back to deliver them by hand, newest first.
    const member = await payments.withWebhooksHeld(async () => {
      const member = await payments.member();
      const res = await payments.call('POST', '/payments/create-subscription', member.token, {
        plan_id: await payments.priceId('monthly'),
      });
      expect((await payments.confirmCard(res.json().client_secret, CARDS.success)).ok).toBe(true);
      const events = payments.stripe
        .eventsOfType()
        .filter((e) =>
          ['customer.subscription.created', 'customer.subscription.updated'].includes(String(e.type)),
        )
        .filter((e) => (e.data as { object: { id: string } }).object.id === res.json().subscription_id);
      expect(events.map((e) => e.type)).toEqual([
        'customer.subscription.created',
        'customer.subscription.updated',
      ]);
      for (const event of [...events].reverse()) {
        const delivered = await payments.deliverWebhook(event);
        expect(delivered.json()).toEqual({ received: true, duplicate: false });
      }
      return member;
    });
    expect(await payments.membership(member.token)).toEqual({ status: 'trialing', plan_id: 'monthly' });
    const types = (await payments.transactionsFor(member.id)).map((t) => t.type);
    expect(types.filter((t) => t === 'customer.subscription.created')).toHaveLength(1);
    expect(types.filter((t) => t === 'customer.subscription.updated')).toHaveLength(1);
  });

  it('when the signature is wrong, then 400 and nothing is recorded', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const res = await payments.call('POST', '/payments/webhook', undefined, payload, {
      'content-type': 'application/json',
      'stripe-signature': 't=1,v1=deadbeef',
    });
    expect(res.statusCode).toBe(400);
    const { rowCount } = await payments.pool.query(
      `select 1 from transactions where stripe_event_id = 'evt_forged'`,
    );
    expect(rowCount).toBe(0);
  });

  it('when the trial ends and the renewal is paid, then the membership is active for a further year', async () => {
    const member = await trialMember(payments);
    const trialEnd = (await membershipRow(payments, member.id)).trial_ends_at as Date;
    payments.stripe.advanceSubscription(member.subscriptionId);
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(member.token)).status).toBe('active'));
    const row = await membershipRow(payments, member.id);
    const expected = new Date(trialEnd);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(Math.abs((row.current_period_ends_at as Date).getTime() - expected.getTime())).toBeLessThan(1_000);
    const paid = await payments.published('payments.payment.succeeded', member.id);
    expect(paid.at(-1)!.data).toMatchObject({ amount: 26400, purpose: 'membership' });
  });

  it('when a renewal payment fails, then the membership is past_due', async () => {
    const member = await trialMember(payments, 'monthly');
    payments.stripe.advanceSubscription(member.subscriptionId, { fail: true });
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(member.token)).status).toBe('past_due'));
    expect((await payments.transactionsFor(member.id)).map((t) => `${t.type}:${t.status}`)).toContain(
      'invoice.payment_failed:failed',
    );
  });

  it('when identity deletes a member, then their subscription ends at the provider and who they were is forgotten here', async () => {
    const member = await trialMember(payments);
    await payments.service.bus.publish([
      {
        id: randomUUID(),
        type: 'identity.user.deleted',
        version: 1,
        occurredAt: new Date().toISOString(),
        source: 'identity',
        correlationId: randomUUID(),
        data: { user_id: member.id, token_version: 1, version: 5 },
      },
    ]);
    await eventually(async () => {
      const [subscription] = payments.stripe.findObjects(
        'subscription',
        (o) => o.id === member.subscriptionId,
      );
      expect(subscription?.status).toBe('canceled');
    });
    await eventually(async () => {
      const { rows } = await payments.pool.query('select email from users where id = $1', [member.id]);
      expect(rows[0].email).toBe('');
    });
  });

  it('when a past_due member cancels, then it ends at once; buying again replaces the failing subscription', async () => {
    const member = await trialMember(payments, 'monthly');
    payments.stripe.advanceSubscription(member.subscriptionId, { fail: true });
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(member.token)).status).toBe('past_due'));

    // Buying while the old subscription is failing ends the old one at the provider.
    const again = await payments.call('POST', '/payments/create-subscription', member.token, {
      plan_id: 'annual',
    });
    expect(again.statusCode).toBe(200);
    const [old] = payments.stripe.findObjects('subscription', (o) => o.id === member.subscriptionId);
    expect(old?.status).toBe('canceled');

    const other = await trialMember(payments, 'monthly');
    payments.stripe.advanceSubscription(other.subscriptionId, { fail: true });
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(other.token)).status).toBe('past_due'));
    const cancel = await payments.call('POST', '/payments/cancel-subscription', other.token);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().membership).toMatchObject({ status: 'canceled' });
    const [ended] = payments.stripe.findObjects('subscription', (o) => o.id === other.subscriptionId);
    expect(ended?.status).toBe('canceled');
  });

  it('when a member cancels, then the membership runs to the end of the period and then ends', async () => {
    const member = await trialMember(payments);
    const cancel = await payments.call('POST', '/payments/cancel-subscription', member.token);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().membership).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(cancel.json().membership.ends_at).toBe(cancel.json().membership.current_period_ends_at);
    expect((await payments.membership(member.token)).status).toBe('trialing');
    payments.stripe.advanceSubscription(member.subscriptionId);
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(member.token)).status).toBe('canceled'));
    const again = await payments.call('POST', '/payments/cancel-subscription', member.token);
    expect(again.statusCode).toBe(400);
  });

  it('when a member who had a trial buys again, then no second trial is given', async () => {
    const member = await trialMember(payments, 'monthly');
    await payments.call('POST', '/payments/cancel-subscription', member.token);
    payments.stripe.advanceSubscription(member.subscriptionId);
    await payments.webhooksSettled();
    await eventually(async () => expect((await payments.membership(member.token)).status).toBe('canceled'));
    const res = await payments.call('POST', '/payments/create-subscription', member.token, {
      plan_id: 'monthly',
    });
    expect(res.json()).toMatchObject({ trial_days: 0, intent_type: 'payment' });
    // The plans they are shown say so too.
    const plans = (await payments.call('GET', '/payments/plans', member.token)).json().plans;
    expect(plans.map((p: { trial_days: number }) => p.trial_days)).toEqual([0, 0, 0]);
    const fresh = (await payments.call('GET', '/payments/plans')).json().plans;
    expect(fresh.map((p: { trial_days: number }) => p.trial_days)).toEqual([14, 14, 0]);
  });

  describe('transactions for the admin', () => {
    it('when a site admin lists transactions, then they come newest first, filtered and paged with a total', async () => {
      const admin = await payments.member('site_admin');
      const all = await payments.call('GET', '/admin/payments/transactions?limit=6&offset=0', admin.token);
      expect(all.statusCode).toBe(200);
      expect(all.json().transactions).toHaveLength(6);
      expect(all.json().total).toBeGreaterThan(6);
      const dates = all.json().transactions.map((t: { created_at: string }) => Date.parse(t.created_at));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      const failed = await payments.call(
        'GET',
        '/admin/payments/transactions?status=failed&limit=100',
        admin.token,
      );
      expect(failed.json().transactions.every((t: { status: string }) => t.status === 'failed')).toBe(true);
      expect(failed.json().transactions.length).toBeGreaterThan(0);
      const byType = await payments.call(
        'GET',
        '/admin/payments/transactions?type=invoice.paid&minAmount=26400&maxAmount=26400&currency=aud',
        admin.token,
      );
      expect(byType.json().transactions.length).toBeGreaterThan(0);
      for (const t of byType.json().transactions)
        expect(t).toMatchObject({ type: 'invoice.paid', amount: 26400, currency: 'aud' });
      const someone = byType.json().transactions[0].user_email;
      const byEmail = await payments.call(
        'GET',
        `/admin/payments/transactions?userEmail=${encodeURIComponent(someone)}&limit=100`,
        admin.token,
      );
      expect(byEmail.json().transactions.every((t: { user_email: string }) => t.user_email === someone)).toBe(
        true,
      );
      expect(byEmail.json().transactions[0]).toMatchObject({
        stripe_event_id: expect.stringMatching(/^evt_/),
      });
    });

    it('when a filter is negative, beyond its column, infinite, a year-0000 date or carries a NUL, then 400 on that filter, not a 500', async () => {
      const admin = await payments.member('site_admin');
      for (const [query, field] of [
        ['minAmount=-100', 'minAmount'],
        ['maxAmount=-1', 'maxAmount'],
        ['offset=99999999999999999999', 'offset'],
        ['minAmount=99999999999999999999', 'minAmount'],
        ['maxAmount=1e999', 'maxAmount'],
        ['userEmail=a%00b', 'userEmail'],
        ['status=paid%00', 'status'],
        ['dateFrom=0000-01-01', 'dateFrom'],
        ['dateTo=0000-12-31', 'dateTo'],
        ['limit=1e400', 'limit'],
        ['offset=-Infinity', 'offset'],
      ] as const) {
        const res = await payments.call('GET', `/admin/payments/transactions?${query}`, admin.token);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json().errors), query).toEqual([field]);
      }
    });

    it('when a member or a facility admin asks for transactions, then 403', async () => {
      const member = await payments.member();
      expect((await payments.call('GET', '/admin/payments/transactions', member.token)).statusCode).toBe(403);
      const facility = await payments.auth.tokenFor(9_999, 'facility_admin');
      expect((await payments.call('GET', '/admin/payments/transactions', facility)).statusCode).toBe(403);
    });
  });

  describe('granted memberships (internal, for the admin service)', () => {
    const grant = (body: object, token = SERVICE_TOKEN) =>
      payments.call('POST', '/internal/memberships/grant', undefined, body, { 'x-service-token': token });

    it('when a monthly membership is granted for 2 months, then it is active until then and published', async () => {
      const member = await payments.member();
      const res = await grant({ user_id: member.id, membership_type: 'monthly', duration: '2_months' });
      expect(res.statusCode).toBe(200);
      expect(res.json().membership).toMatchObject({ type: 'monthly', status: 'active', source: 'grant' });
      const ends = new Date(res.json().membership.ends_at).getTime();
      expect(ends).toBeGreaterThan(Date.now() + 58 * DAY);
      expect(ends).toBeLessThan(Date.now() + 63 * DAY);
      expect((await payments.published('payments.membership.changed', member.id)).at(-1)!.data).toMatchObject(
        {
          membership: { source: 'grant', type: 'monthly' },
        },
      );
    });

    it('when an annual membership is granted without a date, then it ends in a year; with a date, then on that day', async () => {
      const a = await payments.member();
      const b = await payments.member();
      const oneYear = (await grant({ user_id: a.id, membership_type: 'annual' })).json().membership.ends_at;
      expect(Math.abs(Date.parse(oneYear) - (Date.now() + 365 * DAY))).toBeLessThan(2 * DAY);
      const dated = await grant({ user_id: b.id, membership_type: 'annual', expiry_date: '2031-06-30' });
      expect(dated.json().membership.ends_at).toBe('2031-06-30T23:59:59.999Z');
      const past = await grant({ user_id: b.id, membership_type: 'annual', expiry_date: '2020-01-01' });
      expect(past.statusCode).toBe(422);
    });

    it('when lifetime or bulk grants are made, then each gets its membership; a bad duration refuses all', async () => {
      const [a, b, c] = [await payments.member(), await payments.member(), await payments.member()];
      expect((await grant({ user_id: a.id, membership_type: 'lifetime' })).json().membership).toMatchObject({
        type: 'lifetime',
        ends_at: null,
      });
      const bulk = await payments.call(
        'POST',
        '/internal/memberships/grant-bulk',
        undefined,
        { user_ids: [b.id, c.id], membership_type: 'premium', duration: '1_years' },
        { 'x-service-token': SERVICE_TOKEN },
      );
      expect(bulk.json().granted.map((g: { membership: { type: string } }) => g.membership.type)).toEqual([
        'premium',
        'premium',
      ]);
      const bad = await payments.call(
        'POST',
        '/internal/memberships/grant-bulk',
        undefined,
        { user_ids: [a.id], membership_type: 'basic', duration: '13_months' },
        { 'x-service-token': SERVICE_TOKEN },
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ duration: 'Duration must be from 1 to 12' });
    });

    it('when a membership is granted to someone paying, then their subscription stops and cannot overwrite the grant', async () => {
      const member = await trialMember(payments, 'monthly');
      const res = await grant({ user_id: member.id, membership_type: 'lifetime' });
      expect(res.statusCode).toBe(200);
      const [subscription] = payments.stripe.findObjects(
        'subscription',
        (o) => o.id === member.subscriptionId,
      );
      expect(subscription?.status).toBe('canceled');
      await payments.webhooksSettled();
      await payments.service.settle();
      expect(await membershipRow(payments, member.id)).toMatchObject({
        type: 'lifetime',
        status: 'active',
        source: 'grant',
      });
    });

    it('when a granted membership passes its end, then it ends and the person may buy again', async () => {
      const member = await payments.member();
      await grant({ user_id: member.id, membership_type: 'monthly', duration: '1_days' });
      await payments.pool.query(
        `update memberships set ends_at = now() - interval '1 minute', current_period_ends_at = now() - interval '1 minute' where user_id = $1`,
        [member.id],
      );
      await eventually(async () =>
        expect((await membershipRow(payments, member.id)).status).toBe('canceled'),
      );
      expect((await payments.membership(member.token)).status).toBe('canceled');
      const changed = await payments.published('payments.membership.changed', member.id);
      expect(changed.at(-1)!.data).toMatchObject({ membership: { status: 'canceled', source: 'grant' } });
      const buy = await payments.call('POST', '/payments/create-subscription', member.token, {
        plan_id: 'monthly',
      });
      expect(buy.statusCode).toBe(200);
    });

    it('when the service token is missing, then grants are refused', async () => {
      expect(
        (await grant({ user_id: 1, membership_type: 'monthly' }, 'wrong-token-entirely')).statusCode,
      ).toBe(401);
    });
  });
});
