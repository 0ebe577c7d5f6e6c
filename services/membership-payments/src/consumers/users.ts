import type { ServiceRuntime } from '@linksmate/platform';
import type { EventData, UserUpdated } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import type * as schema from '../db/schema';
import { users } from '../db/schema';

/** Keeps who each user is (e-mail for receipts and transactions), newest version winning. */
export function consumeUsers(runtime: ServiceRuntime<typeof schema>): void {
  runtime.consume(
    'users',
    [
      'identity.user.registered',
      'identity.user.verified',
      'identity.user.updated',
      'identity.user.role-changed',
      'identity.user.banned',
      'identity.user.unbanned',
    ],
    async (event, tx) => {
      const data = event.data as EventData<typeof UserUpdated>;
      const row = { id: data.user_id, email: data.email, username: data.username, version: data.version };
      await tx
        .insert(users)
        .values(row)
        .onConflictDoUpdate({ target: users.id, set: row, setWhere: sql`${users.version} < ${row.version}` });
    },
  );
}
