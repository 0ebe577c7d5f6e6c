import { timestamps } from '@linksmate/platform';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The venues database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';

interface ListedColumns {
  isActive: SQLWrapper;
  reviewStatus: SQLWrapper;
}

/**
 * Which venues the public directory lists: active and reviewed. Its partial indexes hold these rows
 * only, and its queries say the same words, so PostgreSQL uses them.
 */
export const listedVenue = (t: ListedColumns) => sql`${t.isActive} and ${t.reviewStatus} = 'approved'`;

/** PostgreSQL's `tsvector`: a set of terms that a GIN index can intersect. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Name, suburb, city and state, lower-cased and without accents: the text a search looks in. */
const searchedText = sql`lower(immutable_unaccent(coalesce(name, '') || ' ' || coalesce(suburb, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')))`;

/**
 * docs/product.md#admin-entities's venue, every field. Lists (types, amenities, tags, golf days) are text arrays so GIN
 * indexes answer "has this value"; business hours are JSON (day to text). `search_text` is the
 * lower-cased, accent-free name, suburb, city and state a search is ranked against, and
 * `search_words` the terms that text is indexed under (`venue_search_terms`, migration 0005: each word,
 * a run of letters and digits, and each two adjacent words as one term), which the directory's index
 * holds (`immutable_unaccent` is defined by the first migration: `unaccent` itself is not immutable).
 */
export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    suburb: text('suburb'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('Australia'),
    region: text('region'),
    phone: text('phone'),
    email: text('email'),
    websiteUrl: text('website_url'),
    description: text('description'),
    venueType: text('venue_type').array().notNull().default(sql`'{golf_course}'::text[]`),
    courseType: text('course_type'),
    socialGolfDays: text('social_golf_days').array().notNull().default(sql`'{}'::text[]`),
    dressCode: text('dress_code'),
    socialClubsAllowed: boolean('social_clubs_allowed'),
    linksmateCompPlayAllowed: boolean('linksmate_comp_play_allowed'),
    roundsOffered: text('rounds_offered'),
    courseFullLength: integer('course_full_length'),
    courseHalfLength: integer('course_half_length'),
    courseLengthMetres: integer('course_length_metres'),
    difficultyMen: text('difficulty_men'),
    difficultyWomen: text('difficulty_women'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    cartsAvailable: boolean('carts_available'),
    courseAmenities: text('course_amenities').array().notNull().default(sql`'{}'::text[]`),
    clubAmenities: text('club_amenities').array().notNull().default(sql`'{}'::text[]`),
    proshopContactNames: text('proshop_contact_names'),
    proshopPhoneNumber: text('proshop_phone_number'),
    proshopEmail: text('proshop_email'),
    headGolfProfessionalName: text('head_golf_professional_name'),
    headGolfProfessionalEmail: text('head_golf_professional_email'),
    headGolfProfessionalPhone: text('head_golf_professional_phone'),
    teachingGolfProfessionalName: text('teaching_golf_professional_name'),
    teachingGolfProfessionalEmail: text('teaching_golf_professional_email'),
    teachingGolfProfessionalPhone: text('teaching_golf_professional_phone'),
    /** Admin-only (docs/product.md#admin-entities): never in a public answer. */
    commercials: text('commercials'),
    blockers: text('blockers'),
    notes: text('notes'),
    businessHours: jsonb('business_hours').$type<Record<string, string>>().notNull().default({}),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** approved, pending (user-submitted, not listed yet) or rejected. */
    reviewStatus: text('review_status')
      .$type<'approved' | 'pending' | 'rejected'>()
      .notNull()
      .default('approved'),
    submittedByUserId: integer('submitted_by_user_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    featuredImageUrl: text('featured_image_url'),
    /** Storage key of the featured picture, so replacing or removing it deletes the file. */
    featuredImageKey: text('featured_image_key'),
    virtualTourUrl: text('virtual_tour_url'),
    accessibilityFeatures: text('accessibility_features'),
    awardsRecognition: text('awards_recognition'),
    environmentalInitiatives: text('environmental_initiatives'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    twitterUrl: text('twitter_url'),
    youtubeUrl: text('youtube_url'),
    searchText: text('search_text').generatedAlwaysAs((): ReturnType<typeof sql> => searchedText),
    // A generated column may not read another, so the text is spelled again here.
    searchWords: tsvector('search_words').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`venue_search_terms(${searchedText})`,
    ),
    /** Aggregate version carried by events, so projections never roll back. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('venues_slug_key').on(t.slug),
    check('venues_review_status_check', sql`${t.reviewStatus} in ('approved', 'pending', 'rejected')`),
    check('venues_lat_check', sql`${t.lat} between -90 and 90`),
    check('venues_lng_check', sql`${t.lng} between -180 and 180`),
    // The directory: the listed rows' words and adjacent word pairs (a search reads their posting
    // lists), array filters, and the unfiltered order. The GIN indexes write each insert through (no
    // `fastupdate` pending list): the planner prices a long pending list so high that after a bulk
    // load it scanned every venue instead (60 ms against 1.5 ms for a search over 5,000 venues), until
    // a vacuum; venues are written rarely.
    index('venues_listed_search_words_idx')
      .using('gin', t.searchWords)
      .with({ fastupdate: false })
      .where(listedVenue(t)),
    index('venues_listed_name_idx').on(t.name, t.id).where(listedVenue(t)),
    index('venues_listed_state_idx').on(t.state, t.name, t.id).where(listedVenue(t)),
    index('venues_listed_types_idx')
      .using('gin', t.venueType)
      .with({ fastupdate: false })
      .where(listedVenue(t)),
    index('venues_listed_course_amenities_idx')
      .using('gin', t.courseAmenities)
      .with({ fastupdate: false })
      .where(listedVenue(t)),
    index('venues_listed_club_amenities_idx')
      .using('gin', t.clubAmenities)
      .with({ fastupdate: false })
      .where(listedVenue(t)),
    index('venues_review_idx').on(t.reviewStatus, t.createdAt),
  ],
);

/**
 * Every single word listed venues' text has held (not the adjacent pairs `search_words` also holds):
 * the dictionary a search's words are looked up in, so a typo is matched against the directory's vocabulary (which grows with new place names, not
 * with venues) and never against each venue's text. Kept by triggers on `venues` (migration 0005); a
 * word no venue uses any more stays, costing only a lookup.
 */
export const venueSearchWords = pgTable('venue_search_words', { word: text('word').primaryKey() }, (t) => [
  index('venue_search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
]);

/** A venue's gallery: images and videos in carousel order; a video has a JPEG thumbnail. */
export const venueMedia = pgTable(
  'venue_media',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'video'>().notNull(),
    url: text('url').notNull(),
    storageKey: text('storage_key'),
    thumbnailUrl: text('thumbnail_url'),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('venue_media_venue_idx').on(t.venueId, t.position, t.id),
    check('venue_media_kind_check', sql`${t.kind} in ('image', 'video')`),
  ],
);

/** docs/product.md#community-entities and docs/product.md#admin-entities's coach; `user_id` links the identity account once claimed. */
export const coaches = pgTable(
  'coaches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    profileImageUrl: text('profile_image_url'),
    bio: text('bio'),
    specialties: text('specialties').array().notNull().default(sql`'{}'::text[]`),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience'),
    /** Cents per hour. */
    hourlyRate: integer('hourly_rate'),
    isVerified: boolean('is_verified').notNull().default(false),
    isAvailableForBooking: boolean('is_available_for_booking').notNull().default(true),
    availabilitySchedule: jsonb('availability_schedule')
      .$type<Record<string, { available: boolean; hours: string }>>()
      .notNull()
      .default({}),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coaches_user_key').on(t.userId).where(sql`${t.userId} is not null`),
    index('coaches_list_idx').on(t.isVerified, t.createdAt, t.id),
    check('coaches_years_check', sql`${t.yearsExperience} between 0 and 50`),
    check('coaches_rate_check', sql`${t.hourlyRate} >= 0`),
  ],
);

/** Where a coach teaches; exactly one primary per coach (the partial unique index). */
export const coachVenues = pgTable(
  'coach_venues',
  {
    id: serial('id').primaryKey(),
    coachId: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coach_venues_pair_key').on(t.coachId, t.venueId),
    uniqueIndex('coach_venues_one_primary_key').on(t.coachId).where(sql`${t.isPrimary}`),
    index('coach_venues_venue_idx').on(t.venueId),
  ],
);

/** Requests to take over a coach or venue profile; one pending claim per profile at a time. */
export const profileClaims = pgTable(
  'profile_claims',
  {
    id: serial('id').primaryKey(),
    /** The claimant's account; null when an admin invited the coach. */
    userId: integer('user_id'),
    entityType: text('entity_type').$type<'coach' | 'venue'>().notNull(),
    entityId: integer('entity_id').notNull(),
    /**
     * The e-mail the claimant gave (their account's). No names are kept: the claimant's are their
     * account's, the profile's are the profile's (docs/product.md#admin-entities).
     */
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    message: text('message'),
    verificationDocuments: text('verification_documents').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    adminNotes: text('admin_notes'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profile_claims_one_pending_key')
      .on(t.entityType, t.entityId)
      .where(sql`${t.status} = 'pending'`),
    index('profile_claims_status_idx').on(t.status, t.createdAt),
    check('profile_claims_entity_type_check', sql`${t.entityType} in ('coach', 'venue')`),
    check('profile_claims_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Who runs a venue (its facility admins and approved claimants): they may manage its media. */
export const venueAdmins = pgTable(
  'venue_admins',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index('venue_admins_user_idx').on(t.userId)],
);

/**
 * A venue's courses (docs/product.md#courses): each played over 9 or 18 holes. `typical_values`
 * marks the demo's typical tees (not the club's official ratings) until someone saves the course.
 */
export const venueCourses = pgTable(
  'venue_courses',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    holes: integer('holes').notNull(),
    typicalValues: boolean('typical_values').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('venue_courses_name_key').on(t.venueId, sql`lower(${t.name})`),
    check('venue_courses_holes_check', sql`${t.holes} in (9, 18)`),
  ],
);

/** A course's tees: one set of markers rated for men or for women (course rating to a tenth, slope). */
export const courseTees = pgTable(
  'course_tees',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => venueCourses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender').$type<'men' | 'women'>().notNull(),
    par: integer('par').notNull(),
    courseRating: numeric('course_rating', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    slopeRating: integer('slope_rating').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    // No unique name here: a course is always saved whole, and the rules refuse a name used twice
    // per gender in it, so swapping two tees' names needs no constraint dance.
    index('course_tees_course_idx').on(t.courseId, t.position),
    check('course_tees_gender_check', sql`${t.gender} in ('men', 'women')`),
    check('course_tees_slope_check', sql`${t.slopeRating} between 55 and 155`),
  ],
);

/** Each hole of a tee: its par and stroke index (they differ between men's and women's tees). */
export const teeHoles = pgTable(
  'tee_holes',
  {
    teeId: integer('tee_id')
      .notNull()
      .references(() => courseTees.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    par: integer('par').notNull(),
    strokeIndex: integer('stroke_index').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teeId, t.number] }),
    check('tee_holes_number_check', sql`${t.number} between 1 and 18`),
    check('tee_holes_par_check', sql`${t.par} between 3 and 6`),
    check('tee_holes_stroke_index_check', sql`${t.strokeIndex} between 1 and 18`),
  ],
);
