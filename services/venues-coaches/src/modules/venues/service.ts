import {
  conflict,
  type EventMeta,
  invalidFields,
  isUniqueViolation,
  ListTotals,
  notFound,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AmenitiesReply,
  AU_STATES,
  CLUB_AMENITIES,
  CLUB_AMENITY_LABELS,
  COURSE_AMENITIES,
  COURSE_AMENITY_LABELS,
  DEFAULT_COUNTRY,
  type ImportVenueBody,
  type ImportVenueReply,
  isEmailAddress,
  NEW_VENUE_DEFAULTS,
  type RegionsReply,
  type StatesReply,
  type UserVenueBody,
  type UserVenueReply,
  unwrap,
  VENUE_MESSAGES,
  VENUE_TYPE_LABELS,
  VENUE_TYPES,
  type VenueReply,
  type VenuesQuery,
  type VenuesReply,
  type VenueTypesReply,
  webLinkErrors,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, NewVenue, VenueRow } from '../../db/types';
import { firstFreeSlug, slugOf } from '../../lib/slugs';
import { VenueNotices } from './notify';
import { addVenueAdmin, removeVenueAdmin, venueById, venueIdsRunBy } from './repository';

/** This module is the only writer of `venues`: the gallery's changes go through this, in the caller's transaction. */
export { touchVenue } from './repository';
/** Other modules publish venue changes through this, reached like the rest of this module. */
export { VenueNotices };

import { FilterLists, inOrder } from './filter-lists';
import {
  countVenues,
  type DirectoryFilters,
  deleteVenue,
  directoryPage,
  galleryOf,
  insertVenue,
  listedVenueBy,
  lockSlugChoice,
  slugsLike,
  updateVenue,
} from './repository';
import { toVenue } from './venue-shape';

const SLUG_INDEX = 'venues_slug_key';
/** How often a fresh slug is tried when another venue took the chosen one at the same moment. */
const SLUG_ATTEMPTS = 5;

/** A free-text filter or search: spaces collapsed, and blank is no filter. */
const cleaned = (text: string | undefined) => text?.trim().replace(/\s+/g, ' ') || undefined;

/** The directory's filters from `GET /venues`' query (what the bench also sends). */
export function directoryFilters(query: Partial<VenuesQuery>): DirectoryFilters {
  return {
    search: cleaned(query.search),
    city: cleaned(query.city),
    region: cleaned(query.region),
    state: query.state || undefined,
    venueType: query.venue_type || undefined,
    courseAmenity: query.course_amenity || undefined,
    clubAmenity: query.club_amenity || undefined,
  };
}

/** An optional text of a form: unwrapped, trimmed, and blank is none. */
const formText = (value: Parameters<typeof unwrap<string>>[0]) => unwrap<string>(value)?.trim() || null;

/** `snake_case` → `camelCase`: the import's fields are the table's columns, named as the API names them. */
const camelCase = (name: string) => name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** A venue made by the platform: every field as given, reviewed, slug still to be chosen. */
function importedValues(body: ImportVenueBody, now: Date): Omit<NewVenue, 'slug'> {
  const { slug: _slug, ...fields } = body;
  const values = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [camelCase(key), value]),
  ) as Partial<NewVenue>;
  return { ...values, name: body.name.trim(), reviewStatus: 'approved', createdAt: now, updatedAt: now };
}

/**
 * The venue directory and detail, the filter lists, venues submitted by people (pending review)
 * and venues made by the platform (spec 2 "Venue directory", "Venue detail", §§3–5; docs/product.md#admin-entities).
 */
export class VenuesService {
  readonly notices: VenueNotices;
  readonly filterLists: FilterLists;
  /**
   * The directory's totals (the same `ListTotals` discovery and the events list use): exact up to
   * 1,000 venues, beyond that counted once per 10 s per filter set; this process forgets them when it
   * lists, changes or deletes a venue.
   */
  private readonly totals = new ListTotals();

  constructor(private readonly ctx: ModuleContext) {
    this.notices = new VenueNotices(ctx.runtime);
    this.filterLists = new FilterLists(ctx.runtime.db);
  }

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  /** `GET /venues`: one statement for the page; the total counted only as far as it must be. */
  async directory(query: VenuesQuery): Promise<VenuesReply> {
    const filters = directoryFilters(query);
    const page = { limit: query.limit, offset: query.offset };
    const rows = await directoryPage(this.db, filters, page);
    const count = await this.totals.total(
      { ...page, rows: rows.length },
      {
        countUpTo: (cap) => countVenues(this.db, filters, cap),
        shared: { key: JSON.stringify(filters), count: () => countVenues(this.db, filters) },
      },
    );
    return { venues: rows as VenuesReply['venues'], count };
  }

  /** The directory's rows changed (a venue listed, edited, delisted or deleted): what is kept of it is forgotten. */
  private directoryChanged(): void {
    this.filterLists.forget();
    this.totals.forget();
  }

  /** A listed venue with its gallery; anything else is 'Venue not found'. */
  async listed(key: { id: number } | { slug: string }): Promise<VenueReply> {
    const row = await listedVenueBy(this.db, key);
    if (!row) throw notFound(VENUE_MESSAGES.notFound);
    return { venue: toVenue(row, await galleryOf(this.db, row.id)) };
  }

  /** Whether the public sees the venue (active and reviewed). */
  async isListed(id: number): Promise<boolean> {
    return !!(await listedVenueBy(this.db, { id }));
  }

  async regions(): Promise<RegionsReply> {
    return { regions: (await this.filterLists.values()).regions };
  }

  async states(): Promise<StatesReply> {
    return { states: inOrder(AU_STATES, (await this.filterLists.values()).states) };
  }

  async types(): Promise<VenueTypesReply> {
    const used = (await this.filterLists.values()).types;
    return { types: inOrder(VENUE_TYPES, used).map((value) => ({ value, label: VENUE_TYPE_LABELS[value] })) };
  }

  async courseAmenities(): Promise<AmenitiesReply> {
    const used = (await this.filterLists.values()).courseAmenities;
    return {
      amenities: inOrder(COURSE_AMENITIES, used).map((value) => ({
        value,
        label: COURSE_AMENITY_LABELS[value],
      })),
    };
  }

  async clubAmenities(): Promise<AmenitiesReply> {
    const used = (await this.filterLists.values()).clubAmenities;
    return {
      amenities: inOrder(CLUB_AMENITIES, used).map((value) => ({ value, label: CLUB_AMENITY_LABELS[value] })),
    };
  }

  /**
   * `POST /venues/user-created`: a person's venue, kept pending review (not listed) with
   * `venues.venue.submitted` for the admin area, in one transaction.
   */
  async submit(claims: AccessTokenClaims, body: UserVenueBody, meta: EventMeta): Promise<UserVenueReply> {
    const name = formText(body.name);
    const email = formText(body.email);
    const websiteUrl = formText(body.website_url);
    const errors: Record<string, string> = webLinkErrors({ website_url: websiteUrl });
    if (!name) errors.name = VENUE_MESSAGES.nameRequired;
    if (email && !isEmailAddress(email)) errors.email = VENUE_MESSAGES.invalidEmail;
    if (!name || Object.keys(errors).length) throw invalidFields(errors);
    const state = formText(body.state);
    const now = this.ctx.clock();
    const venue = await this.insertWithSlug(
      slugOf(name),
      {
        name,
        address: formText(body.address),
        city: formText(body.city),
        // A state typed as its code is stored as the code, so the directory's filter finds it once listed.
        state: AU_STATES.find((code) => code === state?.toUpperCase()) ?? state,
        postalCode: formText(body.postal_code),
        country: formText(body.country) ?? DEFAULT_COUNTRY,
        phone: formText(body.phone),
        email,
        websiteUrl,
        description: formText(body.description),
        venueType: [...NEW_VENUE_DEFAULTS.venue_type],
        isActive: NEW_VENUE_DEFAULTS.is_active,
        isVerified: NEW_VENUE_DEFAULTS.is_verified,
        reviewStatus: 'pending',
        submittedByUserId: claims.user_id,
        createdAt: now,
        updatedAt: now,
      },
      (tx, row) => this.notices.submitted(tx, row, claims.user_id, meta),
    );
    return {
      message: VENUE_MESSAGES.submitted,
      venue: { id: venue.id, name: venue.name, review_status: 'pending' },
    };
  }

  /** `POST /internal/venues`: a reviewed venue (demo data, the bench), published as `created`. */
  async importVenue(body: ImportVenueBody, meta: EventMeta): Promise<ImportVenueReply> {
    const { admin_user_ids: admins = [], ...fields } = body;
    const linkErrors = webLinkErrors({
      website_url: body.website_url,
      virtual_tour_url: body.virtual_tour_url,
      facebook_url: body.facebook_url,
      instagram_url: body.instagram_url,
      twitter_url: body.twitter_url,
      youtube_url: body.youtube_url,
    });
    if (Object.keys(linkErrors).length) throw invalidFields(linkErrors);
    const venue = await this.create(importedValues(fields, this.ctx.clock()), meta, body.slug);
    // Who runs it (demo data's facility admins), each told as a change of the venue.
    if (admins.length)
      await this.db.transaction(async (tx) => {
        for (const userId of admins) await this.grantRunning(tx, venue.id, userId, meta);
      });
    return { venue: { id: venue.id, slug: venue.slug } };
  }

  /**
   * Creates a venue and publishes `venues.venue.created`. A slug asked for is made URL-safe and must
   * be free (409 otherwise); without one it is made from the name, numbered when taken.
   */
  async create(values: Omit<NewVenue, 'slug'>, meta: EventMeta, slug?: string): Promise<VenueRow> {
    const wanted = slug?.trim() ? slugOf(slug) : undefined;
    const venue = await this.insertWithSlug(
      wanted ?? slugOf(values.name),
      values,
      (tx, row) => this.notices.created(tx, row, meta),
      { exact: wanted !== undefined },
    );
    if (venue.isActive && venue.reviewStatus === 'approved') this.directoryChanged();
    return venue;
  }

  /** Changes a venue, moving its version on, and publishes `venues.venue.updated`; undefined when absent. */
  async change(id: number, changes: Partial<NewVenue>, meta: EventMeta): Promise<VenueRow | undefined> {
    const venue = await this.db.transaction(async (tx) => {
      const row = await updateVenue(tx, id, changes, this.ctx.clock());
      if (row) await this.notices.updated(tx, row, meta);
      return row;
    });
    this.directoryChanged();
    return venue;
  }

  /** Deletes a venue and publishes `venues.venue.deleted`; false when there was none. */
  async remove(id: number, meta: EventMeta): Promise<boolean> {
    const deleted = await this.db.transaction(async (tx) => {
      const row = await deleteVenue(tx, id);
      if (row) await this.notices.deleted(tx, row, meta);
      return row;
    });
    this.directoryChanged();
    return deleted !== undefined;
  }

  /** The venues a person runs, oldest first (a facility admin's own profile). */
  runBy(userId: number): Promise<number[]> {
    return venueIdsRunBy(this.db, userId);
  }

  /**
   * An approved venue claim: the claimant runs the venue from now on. Who runs a venue is part of
   * its snapshot, so the venue gets a new version and `venues.venue.updated` (nothing when the
   * claimant already ran it).
   */
  async grantRunning(tx: Db, venueId: number, userId: number, meta: EventMeta): Promise<void> {
    if (await addVenueAdmin(tx, venueId, userId)) await this.republish(tx, venueId, meta);
  }

  /** A deleted account runs no venue any more: each venue it ran is published again without it. */
  async releaseAccount(tx: Db, userId: number, meta: EventMeta): Promise<void> {
    for (const venueId of await removeVenueAdmin(tx, userId)) await this.republish(tx, venueId, meta);
  }

  /** A venue whose admins changed: a new version, told as `venues.venue.updated`. */
  private async republish(tx: Db, venueId: number, meta: EventMeta): Promise<void> {
    const venue = await updateVenue(tx, venueId, {}, this.ctx.clock());
    if (venue) await this.notices.updated(tx, venue, meta);
  }

  /** Any venue by id, listed or not. */
  find(id: number, db: Db = this.db): Promise<VenueRow | undefined> {
    return venueById(db, id);
  }

  /**
   * Inserts a venue under the first free slug from `base` and publishes what `publish` says, in one
   * transaction. Venues of one name made at once choose their numbers in turn; should a slug still
   * be taken meanwhile (another way of naming), the unique index refuses it and the next is tried.
   */
  private async insertWithSlug(
    base: string,
    values: Omit<NewVenue, 'slug'>,
    publish: (tx: Db, venue: VenueRow) => Promise<void>,
    options: { exact?: boolean } = {},
  ): Promise<VenueRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          if (!options.exact) await lockSlugChoice(tx, base);
          const slug = options.exact ? base : firstFreeSlug(base, await slugsLike(tx, base));
          const venue = await insertVenue(tx, { ...values, slug });
          await publish(tx, venue);
          return venue;
        });
      } catch (err) {
        if (!isUniqueViolation(err, SLUG_INDEX)) throw err;
        if (options.exact)
          throw conflict('A venue with this slug already exists', 'slug_taken', { slug: 'Slug is taken' });
        if (attempt >= SLUG_ATTEMPTS) throw err;
      }
    }
  }
}
