import type { ServiceRuntime } from '@linksmate/platform';
import { UserBlocked, UserDeleted, UserUnblocked, userSnapshotEvents } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Projections } from '../modules/projections/service';

/**
 * Who people are (names, pictures, handicap, role, ban, whether others may find them), newest
 * version winning; and who blocked whom (a round's partners are neither).
 */
export function consumeUsers(runtime: ServiceRuntime<typeof schema>, projections: Projections): void {
  runtime.consume(
    'users',
    [...userSnapshotEvents, UserDeleted, UserBlocked, UserUnblocked],
    async (event, tx) => {
      if (event.type === UserDeleted.type) await projections.userDeleted(tx, event.data);
      else if (event.type === UserBlocked.type) await projections.blocked(tx, event.data);
      else if (event.type === UserUnblocked.type) await projections.unblocked(tx, event.data);
      else await projections.applyUser(tx, event.data);
    },
  );
}
