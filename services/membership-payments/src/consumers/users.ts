import type { ServiceRuntime } from '@linksmate/platform';
import { userSnapshotEvents } from '@linksmate/proto';
import type * as schema from '../db/schema';
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
