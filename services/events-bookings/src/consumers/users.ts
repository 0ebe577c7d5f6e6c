import type { ServiceRuntime } from '@linksmate/platform';
import { UserDeleted, userSnapshotEvents } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Projections } from '../modules/projections/service';

/** Who people are (names, pictures, handicap, role, ban), newest version winning. */
export function consumeUsers(runtime: ServiceRuntime<typeof schema>, projections: Projections): void {
  runtime.consume('users', [...userSnapshotEvents, UserDeleted], async (event, tx) => {
    if (event.type === UserDeleted.type) await projections.userDeleted(tx, event.data);
    else await projections.applyUser(tx, event.data);
  });
}
