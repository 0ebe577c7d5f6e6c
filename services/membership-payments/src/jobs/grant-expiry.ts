import type { JobSpec } from '@linksmate/platform';
import type { MembershipService } from '../modules/memberships/service';

/** Granted memberships end on their date without any provider telling us: this ends them. */
export function grantExpiry(memberships: MembershipService, everyMs: number): JobSpec {
  return {
    name: 'grant-expiry',
    everyMs,
    run: async () => {
      await memberships.endExpiredGrants();
      return undefined;
    },
  };
}
