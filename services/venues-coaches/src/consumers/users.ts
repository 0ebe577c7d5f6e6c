import { causedBy, type ServiceRuntime } from '@linksmate/platform';
import { UserDeleted } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { CoachesService } from '../modules/coaches/service';
import type { VenuesService } from '../modules/venues/service';

/**
 * A deleted account holds nothing here any more: its coach profiles become unclaimed (they stay
 * listed, as the coach's public profile) and the venues it ran are run by others (each published
 * again without it).
 */
export function consumeUserDeletions(
  runtime: ServiceRuntime<typeof schema>,
  coaches: CoachesService,
  venues: VenuesService,
): void {
  runtime.consume('user-deletions', [UserDeleted], async (event, tx) => {
    await coaches.releaseAccount(tx, event.data.user_id, causedBy(event));
    await venues.releaseAccount(tx, event.data.user_id, causedBy(event));
  });
}
