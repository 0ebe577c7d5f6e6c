import type { Clock, EventMeta, ServiceRuntime } from '@linksmate/platform';
import type {
  EventData,
  MembershipChanged,
  MembershipClaimsReply,
  MembershipResponse,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, Membership, User } from '../../db/types';
import type { UserNotices } from '../users/service';
import { findMembership, membershipsChangedSince, upsertMembership } from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const date = (value: string | null) => (value ? new Date(value) : null);

/** The end date a token's membership claim carries: the date access lapses unless renewed. */
function membershipEndsAt(membership: Membership | undefined): Date | null {
  if (!membership) return null;
  if (membership.endsAt) return membership.endsAt;
  if (membership.status === 'trialing') return membership.trialEndsAt ?? membership.currentPeriodEndsAt;
  return membership.currentPeriodEndsAt;
}

/** What a token says about a person's membership (docs/product.md#account-entities "Token claims"). */
export interface MembershipClaims {
  membership_status: string | null;
  membership_ends_at: string | null;
}

function claimsOf(membership: Membership | undefined): MembershipClaims {
  return {
    membership_status: membership?.status ?? null,
    membership_ends_at: iso(membershipEndsAt(membership)),
  };
}

function toMembershipResponse(membership: Membership | undefined): MembershipResponse {
  if (!membership) return null;
  type Snapshot = NonNullable<MembershipResponse>;
  return {
    type: membership.type as Snapshot['type'],
    status: membership.status as Snapshot['status'],
    plan_id: membership.planId,
    trial_ends_at: iso(membership.trialEndsAt),
    current_period_ends_at: iso(membership.currentPeriodEndsAt),
    ends_at: iso(membership.endsAt),
    cancel_at_period_end: membership.cancelAtPeriodEnd,
    source: (membership.source ?? 'purchase') as Snapshot['source'],
    provider_subscription_id: membership.providerSubscriptionId,
    provider_customer_id: membership.providerCustomerId,
  };
}

/**
 * identity's copy of each person's membership, kept from payments' snapshots so the next token
 * carries it. Once a change is in, `identity.user.claims-changed` says so: whoever hears it and asks
 * for a token gets the new claims.
 */
export class MembershipSnapshots {
  constructor(
    private readonly deps: { runtime: ServiceRuntime<typeof schema>; notices: UserNotices; clock: Clock },
  ) {}

  async claimsFor(userId: number, db: Db = this.deps.runtime.db): Promise<MembershipClaims> {
    return claimsOf(await findMembership(db, userId));
  }

  async responseFor(userId: number, db: Db = this.deps.runtime.db): Promise<MembershipResponse> {
    return toMembershipResponse(await findMembership(db, userId));
  }

  /**
   * The memberships this copy took in the last `seconds` (the longest life of a token), with the
   * claims each gives now: those older tokens may still claim otherwise.
   */
  async changedWithin(seconds: number): Promise<MembershipClaimsReply['memberships']> {
    const since = new Date(this.deps.clock().getTime() - seconds * 1000);
    const rows = await membershipsChangedSince(this.deps.runtime.db, since);
    return rows.map((row) => ({ user_id: row.userId, ...claimsOf(row), membership_version: row.version }));
  }

  /** Applies payments' snapshot of `user`'s membership; an older or repeated one changes nothing. */
  async apply(
    tx: Db,
    user: User,
    change: EventData<typeof MembershipChanged>,
    meta: EventMeta,
  ): Promise<void> {
    const m = change.membership;
    const applied = await upsertMembership(tx, {
      userId: user.id,
      type: m.type,
      status: m.status,
      planId: m.plan_id,
      trialEndsAt: date(m.trial_ends_at),
      currentPeriodEndsAt: date(m.current_period_ends_at),
      endsAt: date(m.ends_at),
      cancelAtPeriodEnd: m.cancel_at_period_end,
      source: m.source,
      providerSubscriptionId: m.provider_subscription_id,
      providerCustomerId: m.provider_customer_id,
      version: change.version,
      // When this copy changed (identity's clock): what the gateway's snapshot window is read by.
      updatedAt: this.deps.clock(),
    });
    if (!applied) return;
    await this.deps.notices.claimsChanged(
      tx,
      user,
      { ...claimsOf(applied), membership_version: applied.version },
      this.deps.clock(),
      meta,
    );
  }
}
