import type { EventMeta, ServiceRuntime } from '@linksmate/platform';
import { type EventData, MembershipChanged, MembershipNoticeFellDue } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, Membership } from '../../db/types';
import type { DueMembershipNotice } from './repository';

type Snapshot = EventData<typeof MembershipChanged>['membership'];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A membership as payments tells it, in events and in replies alike. */
export function toSnapshot(m: Membership): Snapshot {
  return {
    type: m.type as Snapshot['type'],
    status: m.status as Snapshot['status'],
    plan_id: m.planId,
    trial_ends_at: iso(m.trialEndsAt),
    current_period_ends_at: iso(m.currentPeriodEndsAt),
    ends_at: iso(m.endsAt),
    cancel_at_period_end: m.cancelAtPeriodEnd,
    source: m.source,
    provider_subscription_id: m.providerSubscriptionId,
    provider_customer_id: m.providerCustomerId,
  };
}

/** Each change of a membership, as a full snapshot with its version, written to the outbox in the caller's transaction. */
export class MembershipNotices {
  constructor(private readonly runtime: ServiceRuntime<typeof schema>) {}

  changed(tx: Db, userId: number, membership: Membership, changedAt: Date, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        MembershipChanged,
        {
          user_id: userId,
          membership: toSnapshot(membership),
          changed_at: changedAt.toISOString(),
          version: membership.version,
        },
        meta,
      ),
    );
  }

  /** Memberships that renew or end soon (docs/product.md#reminders): messaging tells their holders. */
  noticesFellDue(tx: Db, due: DueMembershipNotice[], now: Date): Promise<void> {
    if (!due.length) return Promise.resolve();
    return this.runtime.publish(
      tx,
      due.map((d) =>
        this.runtime.event(MembershipNoticeFellDue, {
          user_id: d.userId,
          change: d.change,
          on: d.on.toISOString(),
          type: d.type as EventData<typeof MembershipNoticeFellDue>['type'],
          trial: d.trial,
          source: d.source,
          occurred_at: now.toISOString(),
        }),
      ),
    );
  }
}
