import { causedBy, type ServiceRuntime } from '@linksmate/platform';
import { MembershipChanged } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { MembershipSnapshots } from '../modules/memberships/service';
import type { UsersService } from '../modules/users/service';

/** Keeps identity's membership snapshot, so the next token carries the membership claims. */
export function consumeMembershipChanges(
  runtime: ServiceRuntime<typeof schema>,
  users: UsersService,
  memberships: MembershipSnapshots,
): void {
  runtime.consume('membership-snapshot', [MembershipChanged], async (event, tx) => {
    // A membership for an account that no longer exists has nothing to attach to.
    const user = await users.byId(event.data.user_id, tx);
    if (user) await memberships.apply(tx, user, event.data, causedBy(event));
  });
}
