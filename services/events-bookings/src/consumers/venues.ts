import type { ServiceRuntime } from '@linksmate/platform';
import { VenueCreated, VenueDeleted, VenueSubmitted, VenueUpdated } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { Projections } from '../modules/projections/service';

/** Venues events are held at, newest version winning; a submitted venue is known but not listed. */
export function consumeVenues(runtime: ServiceRuntime<typeof schema>, projections: Projections): void {
  runtime.consume('venues', [VenueCreated, VenueUpdated, VenueSubmitted, VenueDeleted], async (event, tx) => {
    if (event.type === VenueDeleted.type) await projections.venueDeleted(tx, event.data);
    else await projections.applyVenue(tx, event.data);
  });
}
