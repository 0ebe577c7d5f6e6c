import type { ServiceRuntime } from '@linksmate/platform';
import { UserDeleted, userSnapshotEvents } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { MembershipService } from '../modules/memberships/service';
import type { PaymentsUsers } from '../modules/users/service';

/** Keeps who each user is (e-mail for receipts and transactions), newest version winning. */
export function consumeUsers(runtime: ServiceRuntime<typeof schema>, users: PaymentsUsers): void {
  runtime.consume('users', userSnapshotEvents, async ({ data }, tx) => {
    await users.project(tx, {
      id: data.user_id,
      email: data.email,
      username: data.username,
      version: data.version,
    });
  });
}

/**
 * A deleted person is billed no more: their subscriptions end at the provider (retried with the
 * event should the provider not answer), and who they were is forgotten here. Their transactions
 * stay as recorded: the ledger is the platform's accounts.
 */
export function consumeUserDeletions(
  runtime: ServiceRuntime<typeof schema>,
  users: PaymentsUsers,
  memberships: MembershipService,
): void {
  runtime.consume('user-deletions', [UserDeleted], async ({ data }, tx) => {
    await memberships.endOtherSubscriptions(data.user_id);
    await users.project(tx, { id: data.user_id, email: '', username: '', version: data.version });
  });
}
