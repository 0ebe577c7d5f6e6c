import type { HttpApp } from '@linksmate/platform';
import { MembershipClaimsReply } from '@linksmate/proto';
import type { MembershipSnapshots } from './service';

/** Calls between services only (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerMembershipRoutes(
  app: HttpApp,
  memberships: MembershipSnapshots,
  options: { tokenTtlSeconds: number },
): void {
  // The gateway loads this at start (and after its bus was away), so a token issued before a
  // membership changed stops counting for the gate even when the change's event went past it.
  // A minute more than a token's life covers a token issued just before the window's start.
  app.get(
    '/internal/membership-claims',
    { config: { access: 'service' }, schema: { response: { 200: MembershipClaimsReply } } },
    async () => ({ memberships: await memberships.changedWithin(options.tokenTtlSeconds + 60) }),
  );
}
