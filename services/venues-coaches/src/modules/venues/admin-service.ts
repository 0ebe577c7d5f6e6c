import { type EventMeta, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AdminVenue,
  type AdminVenueBody,
  type AdminVenueListItem,
  type AdminVenueReply,
  type AdminVenuesQuery,
  type AdminVenuesReply,
  isSiteAdminRole,
  VENUE_MESSAGES,
  type VenueReviewStatus,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, VenueRow } from '../../db/types';
import { adminVenueValues } from './admin-values';
import { adminVenuePage, galleryOf, venueById, venueIdsRunBy } from './repository';
import type { VenuesService } from './service';
import { toVenue } from './venue-shape';

function listItem(row: VenueRow & { galleryCount: number }): AdminVenueListItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    country: row.country,
    venue_type: row.venueType,
    is_verified: row.isVerified,
    is_active: row.isActive,
    review_status: row.reviewStatus as VenueReviewStatus,
    featured_image_url: row.featuredImageUrl,
    gallery_count: row.galleryCount,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Venues in the admin area (spec 3 "Venues management", wizard, venue detail): every venue for site
 * admins; for a facility admin, the venues they run. Only site admins add, change, delete or review
 * venues, and only they see commercials and blockers.
 */
export class AdminVenuesService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly venues: VenuesService,
  ) {}

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  async list(user: AccessTokenClaims, query: AdminVenuesQuery): Promise<AdminVenuesReply> {
    const scope = isSiteAdminRole(user.role) ? null : await venueIdsRunBy(this.db, user.user_id);
    const { rows, count } = await adminVenuePage(this.db, query, scope);
    return { venues: rows.map(listItem), count };
  }

  async get(user: AccessTokenClaims, id: number): Promise<AdminVenueReply> {
    const venue = await venueById(this.db, id);
    // A venue a facility admin does not run is not theirs to see: not found, as if absent.
    if (!venue || !(await this.mayOpen(user, id))) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    return { venue: await this.shape(venue, isSiteAdminRole(user.role)) };
  }

  async create(user: AccessTokenClaims, body: AdminVenueBody, meta: EventMeta): Promise<AdminVenueReply> {
    const values = adminVenueValues(body, { creating: true, mayEditCommercials: true });
    const now = this.ctx.clock();
    const venue = await this.venues.create(
      {
        ...values,
        name: values.name!,
        reviewStatus: 'approved',
        isActive: values.isActive ?? true,
        isVerified: values.isVerified ?? false,
        createdAt: now,
        updatedAt: now,
      },
      meta,
    );
    return { venue: await this.shape(venue, isSiteAdminRole(user.role)) };
  }

  async update(
    user: AccessTokenClaims,
    id: number,
    body: AdminVenueBody,
    meta: EventMeta,
  ): Promise<AdminVenueReply> {
    const changes = adminVenueValues(body, {
      creating: false,
      mayEditCommercials: isSiteAdminRole(user.role),
    });
    const venue = await this.venues.change(id, changes, meta);
    if (!venue) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    return { venue: await this.shape(venue, isSiteAdminRole(user.role)) };
  }

  async remove(id: number, meta: EventMeta): Promise<{ message: string }> {
    if (!(await this.venues.remove(id, meta))) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    return { message: 'Venue deleted successfully' };
  }

  /** A venue a person submitted: approved, it is listed; rejected, it stays out of the directory. */
  async review(id: number, status: 'approved' | 'rejected', meta: EventMeta): Promise<AdminVenueReply> {
    const venue = await this.venues.change(id, { reviewStatus: status }, meta);
    if (!venue) throw notFound(VENUE_MESSAGES.notFound, 'venue_not_found');
    return { venue: await this.shape(venue, true) };
  }

  private async mayOpen(user: AccessTokenClaims, venueId: number): Promise<boolean> {
    return isSiteAdminRole(user.role) || (await venueIdsRunBy(this.db, user.user_id)).includes(venueId);
  }

  private async shape(venue: VenueRow, withCommercials: boolean): Promise<AdminVenue> {
    return {
      ...toVenue(venue, await galleryOf(this.db, venue.id)),
      review_status: venue.reviewStatus as VenueReviewStatus,
      notes: venue.notes,
      submitted_by_user_id: venue.submittedByUserId,
      ...(withCommercials ? { commercials: venue.commercials, blockers: venue.blockers } : {}),
    };
  }
}
