import type { ServiceRuntime } from '@linksmate/platform';
import { type EventData, MembershipChanged } from '@linksmate/proto';
import type * as schema from '../db/schema';
import { findUserById, upsertMembership } from '../modules/users/repository';

const date = (value: string | null) => (value ? new Date(value) : null);

/** Keeps identity's membership snapshot, so the next token carries the membership claims. */
export function consumeMembershipChanges(runtime: ServiceRuntime<typeof schema>): void {
  runtime.consume('membership-snapshot', [MembershipChanged.type], async (event, tx) => {
    const data = event.data as EventData<typeof MembershipChanged>;
    // A membership for an account that no longer exists has nothing to attach to.
    if (!(await findUserById(tx, data.user_id))) return;
    const m = data.membership;
    await upsertMembership(tx, {
      userId: data.user_id,
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
      version: data.version,
      updatedAt: new Date(data.changed_at),
    });
  });
}
