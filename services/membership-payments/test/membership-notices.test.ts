import { createLocalVerifier, type HttpApp } from '@linksmate/platform';
import { eventually, silentLogger, TestEventBus } from '@linksmate/platform/testing';
import type { EventData, MembershipNoticeFellDue } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadMembershipPaymentsConfig } from '../src';
import { CARDS, type PaymentsUnderTest, paymentsEnv, SERVICE_TOKEN, startPayments } from './fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOTICE = 'payments.membership.notice-fell-due';
type Notice = EventData<typeof MembershipNoticeFellDue>;

describe('membership-payments: notice of a membership about to renew or end (fake clock)', () => {
  let payments: PaymentsUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });
  afterAll(() => payments?.close());

  const grant = async (userId: number, body: object) => {
    const res = await payments.call(
      'POST',
      '/internal/memberships/grant',
      undefined,
      { user_id: userId, ...body },
      { 'x-service-token': SERVICE_TOKEN },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().membership as { ends_at: string | null };
  };
  const noticesOf = async (userId: number, bus: TestEventBus = payments.service.bus) => {
    await payments.service.settle();
    return bus
      .ofType(NOTICE)
      .filter((e) => (e.data as Notice).user_id === userId)
      .map((e) => ({ id: e.id, ...(e.data as Notice) }));
  };
  /** Waits until the person was told these changes, then a few sweeps more to see no more come. */
  const untilTold = async (userId: number, changes: string[]) => {
    await eventually(async () => expect((await noticesOf(userId)).map((n) => n.change)).toEqual(changes));
    await new Promise((r) => setTimeout(r, 600));
    const told = await noticesOf(userId);
    expect(told.map((n) => n.change)).toEqual(changes);
    return told;
  };

  // First: the trial's dates are the provider simulator's, on the real clock, so the test clock must not have moved yet.
  it('when a trial comes within 7 days of its end, then the member is told it renews; cancelling then tells them it ends', async () => {
    const member = await payments.member();
    const created = await payments.call('POST', '/payments/create-subscription', member.token, {
      plan_id: await payments.priceId('annual'),
    });
    expect((await payments.confirmCard(created.json().client_secret, CARDS.success)).ok).toBe(true);
    await payments.webhooksSettled();
    const { rows } = await payments.pool.query('select trial_ends_at from memberships where user_id = $1', [
      member.id,
    ]);
    const trialEnds: Date = rows[0].trial_ends_at;
    await new Promise((r) => setTimeout(r, 600));
    expect(await noticesOf(member.id)).toEqual([]);

    payments.service.clock.advance(
      trialEnds.getTime() - payments.service.clock.now().getTime() - 7 * DAY + HOUR,
    );
    const [renews] = await untilTold(member.id, ['renews']);
    expect(renews).toMatchObject({
      on: trialEnds.toISOString(),
      type: 'annual',
      trial: true,
      source: 'purchase',
    });

    expect((await payments.call('POST', '/payments/cancel-subscription', member.token)).statusCode).toBe(200);
    const [, ends] = await untilTold(member.id, ['renews', 'ends']);
    expect(ends).toMatchObject({ on: trialEnds.toISOString(), trial: true });
  });

  it('when a granted membership comes within 7 days of its end, then its holder is told once that it ends; a lifetime one is never told', async () => {
    const [granted, lifetime] = [await payments.member(), await payments.member()];
    const { ends_at } = await grant(granted.id, { membership_type: 'monthly', duration: '1_months' });
    await grant(lifetime.id, { membership_type: 'lifetime' });
    await new Promise((r) => setTimeout(r, 600));
    expect(await noticesOf(granted.id)).toEqual([]);

    payments.service.clock.advance(
      Date.parse(ends_at!) - payments.service.clock.now().getTime() - 7 * DAY + HOUR,
    );
    const [told] = await untilTold(granted.id, ['ends']);
    expect(told).toMatchObject({ on: ends_at, type: 'monthly', trial: false, source: 'grant' });
    expect(await noticesOf(lifetime.id)).toEqual([]);
  });

  it('when two replicas run the job on one database, then each membership is told exactly once', async () => {
    const bus = new TestEventBus();
    await bus.start();
    const second: HttpApp = await buildApp(
      loadMembershipPaymentsConfig({
        ...paymentsEnv(payments.stripe.url),
        DATABASE_URL: payments.service.database.url,
        LOG_LEVEL: 'silent',
        MEMBERSHIP_NOTICE_SWEEP_MS: '100',
      }),
      {
        bus,
        clock: payments.service.clock.now,
        logger: silentLogger(),
        verifier: createLocalVerifier(payments.auth.signer.jwks()),
      },
    );
    await second.ready();
    try {
      const members: Array<{ id: number }> = [];
      for (let i = 0; i < 10; i++) members.push(await payments.member());
      for (const m of members) await grant(m.id, { membership_type: 'monthly', duration: '1_months' });
      payments.service.clock.advance(24 * DAY);
      const all = async () => {
        await second.serviceRuntime.flushOutbox();
        return (
          await Promise.all(
            members.map(async (m) => [...(await noticesOf(m.id)), ...(await noticesOf(m.id, bus))]),
          )
        ).flat();
      };
      await eventually(async () => expect(new Set((await all()).map((n) => n.user_id)).size).toBe(10));
      await new Promise((r) => setTimeout(r, 500));
      const told = await all();
      expect(new Set(told.map((n) => n.id)).size).toBe(10);
      const { rows } = await payments.pool.query(
        'select count(*)::int as n from membership_notices where user_id = any($1)',
        [members.map((m) => m.id)],
      );
      expect(rows[0].n).toBe(10);
    } finally {
      await second.close();
      await bus.close();
    }
  });
});
