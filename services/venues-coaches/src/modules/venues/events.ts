import type { EventMeta } from '@linksmate/platform';
import { type EventData, VenueCreated, VenueDeleted, VenueSubmitted, VenueUpdated } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, VenueRow } from '../../db/types';

/**
 * The facts other contexts keep of a venue (events-bookings' projection, the admin area).
 * `is_active` says whether the venue is listed (active and approved): a pending or rejected venue
 * is no more usable elsewhere than an inactive one.
 */
export function venueSnapshot(venue: VenueRow): EventData<typeof VenueCreated> {
  return {
    venue_id: venue.id,
    name: venue.name,
    slug: venue.slug,
    address: venue.address,
    city: venue.city,
    state: venue.state,
    lat: venue.lat,
    lng: venue.lng,
    is_active: venue.isActive && venue.reviewStatus === 'approved',
    is_verified: venue.isVerified,
    version: venue.version,
  };
}

/**
 * The venue events, written to the outbox inside the caller's transaction, each carrying the
 * version the change gave the venue (so projections never roll back). Every change of a venue goes
 * through `updateVenue`/`deleteVenue` (which move the version on) and one of these.
 */
export class VenueEvents {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  created(tx: Db, venue: VenueRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(VenueCreated, venueSnapshot(venue), meta));
  }

  updated(tx: Db, venue: VenueRow, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(VenueUpdated, venueSnapshot(venue), meta));
  }

  deleted(tx: Db, venue: { id: number; version: number }, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(VenueDeleted, { venue_id: venue.id, version: venue.version }, meta),
    );
  }

  /** A person's venue, waiting for review (not listed, so not `created` for the projections yet). */
  submitted(tx: Db, venue: VenueRow, submittedBy: number, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        VenueSubmitted,
        { ...venueSnapshot(venue), submitted_by_user_id: submittedBy },
        meta,
      ),
    );
  }
}
