import type { ServiceRuntime } from '@linksmate/platform';
import { CoachCreated, CoachDeleted, CoachUpdated } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Projections } from '../modules/projections/service';

/** Coaches official events name, newest version winning. */
export function consumeCoaches(runtime: ServiceRuntime<typeof schema>, projections: Projections): void {
  runtime.consume('coaches', [CoachCreated, CoachUpdated, CoachDeleted], async (event, tx) => {
    if (event.type === CoachDeleted.type) await projections.coachDeleted(tx, event.data);
    else await projections.applyCoach(tx, event.data);
  });
}
