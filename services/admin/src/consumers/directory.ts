import type { ServiceRuntime } from '@linksmate/platform';
import { MembershipChanged, UserDeleted, userSnapshotEvents } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Directory } from '../modules/directory/service';

/** Who people are (identity) and their memberships (payments), newest version winning. */
export function consumeDirectory(runtime: ServiceRuntime<typeof schema>, directory: Directory): void {
  runtime.consume('directory-people', [...userSnapshotEvents, UserDeleted], async (event, tx) => {
    if (event.type === UserDeleted.type) await directory.userDeleted(tx, event.data);
    else await directory.applyUser(tx, event.data);
  });
  runtime.consume('directory-memberships', [MembershipChanged], async (event, tx) => {
    await directory.membershipChanged(tx, event.data);
  });
}
