import { type Clock, type EventMeta, type ServiceRuntime, SpanKind, withSpan } from '@linksmate/platform';
import { isRunningSubscription, MEMBERSHIP_NOTICE_LEAD_MS } from '@linksmate/proto';
import type Stripe from 'stripe';
import type * as schema from '../../db/schema';
import type { Db, Membership, MembershipFields } from '../../db/types';
import { planById } from '../plans/service';
import { MembershipNotices } from './notify';
import {
  findDueMembershipNotices,
  findExpiredGrants,
  findMembership,
  liveSubscriptionIds,
  lockMembership,
  lockUserMembership,
  recordMembershipNotices,
  saveMembership,
  saveSubscription,
  userHadTrial,
} from './repository';

export { toSnapshot } from './notify';
export type { Membership };

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether a membership grants access now (docs/product.md#roles: active or trial, end not past). */
export function isValidMembership(m: Membership | undefined, now: Date): boolean {
  if (!m || (m.status !== 'active' && m.status !== 'trialing')) return false;
  const end =
    m.endsAt ?? (m.status === 'trialing' ? (m.trialEndsAt ?? m.currentPeriodEndsAt) : m.currentPeriodEndsAt);
  return !end || end.getTime() >= now.getTime();
}

function unchanged(current: Membership | undefined, next: MembershipFields): boolean {
  if (!current) return false;
  return (
    current.type === next.type &&
    current.status === next.status &&
    current.planId === next.planId &&
    sameTime(current.trialEndsAt, next.trialEndsAt) &&
    sameTime(current.currentPeriodEndsAt, next.currentPeriodEndsAt) &&
    sameTime(current.endsAt, next.endsAt) &&
    current.cancelAtPeriodEnd === (next.cancelAtPeriodEnd ?? false) &&
    current.source === next.source &&
    current.providerSubscriptionId === (next.providerSubscriptionId ?? null)
  );
}

/**
 * The membership of each user and every change to it. Each change is stored with a new version and
 * published as a full snapshot in the same transaction.
 */
export class MembershipService {
  private readonly notices: MembershipNotices;

  constructor(
    private readonly runtime: ServiceRuntime<typeof schema>,
    private readonly stripe: Stripe,
    private readonly clock: Clock,
  ) {
    this.notices = new MembershipNotices(runtime);
  }

  find(userId: number, db: Db = this.runtime.db): Promise<Membership | undefined> {
    return findMembership(db, userId);
  }

  /** Whether the person has had their one free trial. */
  hadTrial(userId: number): Promise<boolean> {
    return userHadTrial(this.runtime.db, userId);
  }

  /**
   * Ends, at the provider and at once, every subscription of the user it has not ended yet (except
   * `keep`): one subscription per person, and nobody billed for what replaced it.
   */
  async endOtherSubscriptions(userId: number, keep?: string): Promise<void> {
    for (const id of await liveSubscriptionIds(this.runtime.db, userId)) {
      if (id !== keep) await this.stripe.subscriptions.cancel(id);
    }
  }

  /** Stores the change and publishes the snapshot, unless nothing changed. */
  async change(
    tx: Db,
    userId: number,
    next: MembershipFields,
    meta: EventMeta,
    current?: Membership | null,
  ): Promise<Membership> {
    const existing = current === undefined ? await lockMembership(tx, userId) : (current ?? undefined);
    if (existing && unchanged(existing, next)) return existing;
    const now = this.clock();
    const saved = await saveMembership(tx, userId, next, now);
    await this.notices.changed(tx, userId, saved, now, meta);
    return saved;
  }

  /**
   * Serialises every change to one user's membership within the transaction. Webhooks arrive
   * concurrently; whoever holds the lock reads the provider's state after the previous holder
   * wrote, so an older reading can never overwrite a newer one.
   */
  lockUser(tx: Db, userId: number): Promise<void> {
    return lockUserMembership(tx, userId);
  }

  /**
   * Applies the provider's current state of a subscription, read under the user's lock. Webhooks
   * may come twice or out of order, so the state is always the subscription as the provider has it
   * now, never an event's picture of it.
   */
  async syncSubscription(
    tx: Db,
    userId: number,
    subscriptionId: string,
    fetch: (id: string) => Promise<Stripe.Subscription | undefined>,
    meta: EventMeta,
  ): Promise<Membership | undefined> {
    await this.lockUser(tx, userId);
    const subscription = await fetch(subscriptionId);
    return subscription ? this.applySubscription(tx, subscription, meta) : undefined;
  }

  private async applySubscription(
    tx: Db,
    subscription: Stripe.Subscription,
    meta: EventMeta,
  ): Promise<Membership | undefined> {
    const userId = Number(subscription.metadata?.user_id);
    const planId = subscription.metadata?.plan_id ?? '';
    const plan = planById(planId);
    if (!Number.isSafeInteger(userId) || userId < 1 || !plan) return undefined;
    const item = subscription.items.data[0];
    const periodEnd = fromUnix(item?.current_period_end);
    const hasPaymentMethod = !!subscription.default_payment_method;
    // A trial counts once the card is saved; before that the checkout is not finished.
    const status =
      subscription.status === 'trialing' && !hasPaymentMethod
        ? 'incomplete'
        : subscription.status === 'incomplete_expired'
          ? 'canceled'
          : subscription.status === 'paused'
            ? 'unpaid'
            : subscription.status;
    await saveSubscription(tx, {
      providerSubscriptionId: subscription.id,
      userId,
      planId,
      status: subscription.status,
      trialEndsAt: fromUnix(subscription.trial_end),
      currentPeriodEndsAt: periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      endedAt: fromUnix(subscription.ended_at),
      hasPaymentMethod,
      // The one free trial is used only once it really starts (card saved), not by a checkout
      // that was declined or abandoned.
      hadTrial:
        !!subscription.trial_end && status !== 'incomplete' && subscription.status !== 'incomplete_expired',
      updatedAt: this.clock(),
    });
    const current = await lockMembership(tx, userId);
    // Another subscription may become the membership only by coming into force, and only where
    // no membership (granted, lifetime or another subscription) is valid: a declined or abandoned
    // checkout leaves no membership behind, and nothing valid is overwritten.
    const inForce = isRunningSubscription(status);
    if (current?.providerSubscriptionId !== subscription.id) {
      if (!inForce || isValidMembership(current, this.clock())) return current;
    }
    const customer =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    return this.change(
      tx,
      userId,
      {
        type: plan.id,
        status,
        planId: plan.id,
        trialEndsAt: fromUnix(subscription.trial_end),
        currentPeriodEndsAt: periodEnd,
        endsAt: subscription.cancel_at_period_end ? periodEnd : fromUnix(subscription.ended_at),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        source: 'purchase',
        providerSubscriptionId: subscription.id,
        providerCustomerId: customer,
      },
      meta,
      current ?? null,
    );
  }

  /**
   * Ends memberships nobody else will end: granted ones past their end date (a provider's
   * subscription is ended by its own webhooks). Returns how many were ended.
   */
  async endExpiredGrants(limit = 100): Promise<number> {
    const due = await findExpiredGrants(this.runtime.db, this.clock(), limit);
    for (const userId of due) {
      await this.runtime.db.transaction(async (tx) => {
        await this.lockUser(tx, userId);
        const current = await lockMembership(tx, userId);
        if (current?.source !== 'grant' || current.status !== 'active') return;
        if (isValidMembership(current, this.clock())) return;
        const { userId: _user, version: _version, updatedAt: _updated, ...fields } = current;
        await this.change(tx, userId, { ...fields, status: 'canceled' }, {}, current);
      });
    }
    return due.length;
  }

  /**
   * Tells of every membership that renews or ends within MEMBERSHIP_NOTICE_DAYS and was not told
   * of yet (docs/product.md#reminders): each is recorded and published in one transaction, so
   * however many replicas run this, each is told once per date. Returns how many.
   */
  async sendDueNotices(signal?: AbortSignal, batch = 200): Promise<number> {
    let sent = 0;
    for (;;) {
      if (signal?.aborted) return sent;
      const now = this.clock();
      const db = this.runtime.db;
      const due = await findDueMembershipNotices(db, now, MEMBERSHIP_NOTICE_LEAD_MS, batch);
      if (!due.length) return sent;
      // A run that tells is traced: messaging's handling and the mail join this trace.
      sent += await withSpan(
        'job membership-notices',
        { kind: SpanKind.INTERNAL, attributes: { 'linksmate.membership_notices.due': due.length } },
        () =>
          db.transaction(async (tx) => {
            const fresh = await recordMembershipNotices(tx, due, now);
            await this.notices.noticesFellDue(tx, fresh, now);
            return fresh.length;
          }),
      );
      if (due.length < batch) return sent;
    }
  }

  /** A paid lifetime membership: active, with no end. */
  async applyLifetime(
    tx: Db,
    userId: number,
    customerId: string | null,
    meta: EventMeta,
  ): Promise<Membership> {
    await this.lockUser(tx, userId);
    return this.change(
      tx,
      userId,
      {
        type: 'lifetime',
        status: 'active',
        planId: 'lifetime',
        trialEndsAt: null,
        currentPeriodEndsAt: null,
        endsAt: null,
        cancelAtPeriodEnd: false,
        source: 'purchase',
        providerSubscriptionId: null,
        providerCustomerId: customerId,
      },
      meta,
    );
  }
}
