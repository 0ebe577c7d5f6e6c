import type { EventMeta } from '@linksmate/platform';
import { type EventData, VenueCreated, VenueDeleted, VenueSubmitted, VenueUpdated } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, VenueRow } from '../../db/types';
import { venueAdminIds } from './repository';

/**
 * The facts other contexts keep of a venue (events-bookings' projection, the admin area).
 * `is_active` says whether the venue is listed (active and approved): a pending or rejected venue
 * is no more usable elsewhere than an inactive one. `admin_user_ids` are the people who run it
 * (events-bookings scopes a facility admin's admin area by them).
 */
export function venueSnapshot(venue: VenueRow, adminUserIds: number[]): EventData<typeof VenueCreated> {
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
    admin_user_ids: adminUserIds,
    version: venue.version,
  };
}

/**
 * The venue events, written to the outbox inside the caller's transaction, each carrying the
 * version the change gave the venue (so projections never roll back). Every change of a venue goes
 * through `updateVenue`/`deleteVenue` (which move the version on) and one of these; so does a change
 * of who runs it. Each snapshot reads the venue's admins in the caller's transaction.
 */
export class VenueNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  async created(tx: Db, venue: VenueRow, meta: EventMeta): Promise<void> {
    const snapshot = venueSnapshot(venue, await venueAdminIds(tx, venue.id));
    await this.runtime.publish(tx, this.runtime.event(VenueCreated, snapshot, meta));
  }

  async updated(tx: Db, venue: VenueRow, meta: EventMeta): Promise<void> {
    const snapshot = venueSnapshot(venue, await venueAdminIds(tx, venue.id));
    await this.runtime.publish(tx, this.runtime.event(VenueUpdated, snapshot, meta));
  }

  deleted(tx: Db, venue: { id: number; version: number }, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(VenueDeleted, { venue_id: venue.id, version: venue.version }, meta),
    );
  }

  /** A person's venue, waiting for review (not listed, so not `created` for the projections yet). */
  async submitted(tx: Db, venue: VenueRow, submittedBy: number, meta: EventMeta): Promise<void> {
    const snapshot = venueSnapshot(venue, await venueAdminIds(tx, venue.id));
    await this.runtime.publish(
      tx,
      this.runtime.event(VenueSubmitted, { ...snapshot, submitted_by_user_id: submittedBy }, meta),
    );
  }
}
