import type { JobSpec } from '@linksmate/platform';
import type { MembershipService } from '../modules/memberships/service';

export const MEMBERSHIP_NOTICES_JOB = 'membership-notices';

/** Notice of memberships that renew or end soon, as it falls due (docs/product.md#reminders). */
export function membershipNotices(memberships: MembershipService, everyMs: number): JobSpec {
  return {
    name: MEMBERSHIP_NOTICES_JOB,
    everyMs,
    run: async (signal) => {
      await memberships.sendDueNotices(signal);
      return undefined;
    },
  };
}
