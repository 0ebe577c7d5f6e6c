import Type from 'typebox';
import {
  CLAIM_ADMIN_NOTES_MAX_LENGTH,
  CLAIM_STATUSES,
  MAX_LIST_LIMIT,
  PAGE_SIZES,
  VENUE_REVIEW_STATUSES,
} from '../rules';
import { Id, IdParam, Int, Nullable, NullableString, NullableTimestamp, Text, Timestamp } from '../schema';
import { Wrappable } from '../wrapped';
import { Offset } from './common';
import { AvailabilitySchedule, BusinessHours, Coach, Venue } from './venues';

/**
 * venues-coaches' admin contract (docs/product.md#admin-sections, #admin-calls): venues, coaches, where coaches teach, profile
 * claims and the admin's own profile. Optional values may come wrapped (`{Valid, value}`) as the
 * spec's clients send them; answers are plain.
 */

// ── Venues ──────────────────────────────────────────────────────────────────
/** The venue table holds every venue at once (docs/product.md#admin-limits: at least 1,000, paged on the client). */
export const AdminVenuesQuery = Type.Object({
  limit: Int({ minimum: 1, maximum: 10_000, default: 1000 }),
  offset: Offset,
});
export type AdminVenuesQuery = Type.Static<typeof AdminVenuesQuery>;

export const AdminVenueListItem = Type.Object({
  id: Id,
  slug: Type.String(),
  name: Type.String(),
  address: NullableString,
  suburb: NullableString,
  city: NullableString,
  state: NullableString,
  country: Type.String(),
  venue_type: Type.Array(Type.String()),
  is_verified: Type.Boolean(),
  is_active: Type.Boolean(),
  review_status: Type.Enum(VENUE_REVIEW_STATUSES),
  featured_image_url: NullableString,
  gallery_count: Int({ minimum: 0 }),
  created_at: Timestamp,
});
export type AdminVenueListItem = Type.Static<typeof AdminVenueListItem>;
export const AdminVenuesReply = Type.Object({
  venues: Type.Array(AdminVenueListItem),
  count: Int({ minimum: 0 }),
});
export type AdminVenuesReply = Type.Static<typeof AdminVenuesReply>;

/** A venue as the admin area sees it; commercials and blockers only for admin and site_admin. */
export const AdminVenue = Type.Object({
  ...Venue.properties,
  review_status: Type.Enum(VENUE_REVIEW_STATUSES),
  notes: NullableString,
  commercials: Type.Optional(NullableString),
  blockers: Type.Optional(NullableString),
  submitted_by_user_id: Nullable(Id),
});
export type AdminVenue = Type.Static<typeof AdminVenue>;
export const AdminVenueReply = Type.Object({ venue: AdminVenue });
export type AdminVenueReply = Type.Static<typeof AdminVenueReply>;

const OptionalText = (maxLength: number) => Type.Optional(Wrappable(Text({ maxLength })));
const OptionalFlag = Type.Optional(Wrappable(Type.Boolean()));
/**
 * Any number: the service judges lengths and coordinates (proto's `numberFault`) and answers 422 in
 * the wizard's words for the field, where a bound here would answer a bare 400.
 */
const OptionalNumber = Type.Optional(Wrappable(Type.Number()));

/**
 * `POST|PUT /admin/venues`: the six-step wizard's fields (docs/product.md#admin-entities). The service judges required
 * fields and e-mails, answering in the spec's words; `other` among the types needs
 * `custom_venue_types` (comma separated), which replace it on save. Images are not set here: the
 * upload calls attach them.
 */
export const AdminVenueBody = Type.Object({
  name: OptionalText(200),
  address: OptionalText(200),
  suburb: OptionalText(100),
  city: OptionalText(100),
  state: OptionalText(40),
  postal_code: OptionalText(20),
  country: OptionalText(100),
  region: OptionalText(100),
  phone: OptionalText(40),
  email: OptionalText(254),
  website_url: OptionalText(2048),
  description: OptionalText(5000),
  venue_type: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: 60 }), { maxItems: 20 })),
  custom_venue_types: OptionalText(300),
  course_type: OptionalText(40),
  social_golf_days: Type.Optional(Type.Array(Text({ maxLength: 20 }), { maxItems: 7 })),
  dress_code: OptionalText(500),
  social_clubs_allowed: OptionalFlag,
  linksmate_comp_play_allowed: OptionalFlag,
  rounds_offered: OptionalText(200),
  course_full_length: OptionalNumber,
  course_half_length: OptionalNumber,
  course_length_metres: OptionalNumber,
  difficulty_men: OptionalText(40),
  difficulty_women: OptionalText(40),
  tags: Type.Optional(Type.Array(Text({ maxLength: 60 }), { maxItems: 30 })),
  carts_available: OptionalFlag,
  course_amenities: Type.Optional(Type.Array(Text({ maxLength: 40 }), { maxItems: 20 })),
  club_amenities: Type.Optional(Type.Array(Text({ maxLength: 40 }), { maxItems: 20 })),
  proshop_contact_names: OptionalText(200),
  proshop_phone_number: OptionalText(40),
  proshop_email: OptionalText(254),
  head_golf_professional_name: OptionalText(200),
  head_golf_professional_email: OptionalText(254),
  head_golf_professional_phone: OptionalText(40),
  teaching_golf_professional_name: OptionalText(200),
  teaching_golf_professional_email: OptionalText(254),
  teaching_golf_professional_phone: OptionalText(40),
  commercials: OptionalText(5000),
  blockers: OptionalText(5000),
  business_hours: Type.Optional(Type.Union([BusinessHours, Text({ maxLength: 2000 }), Type.Null()])),
  is_verified: OptionalFlag,
  is_active: OptionalFlag,
  lat: OptionalNumber,
  lng: OptionalNumber,
  virtual_tour_url: OptionalText(2048),
  notes: OptionalText(5000),
  accessibility_features: OptionalText(2000),
  awards_recognition: OptionalText(2000),
  environmental_initiatives: OptionalText(2000),
  facebook_url: OptionalText(2048),
  instagram_url: OptionalText(2048),
  twitter_url: OptionalText(2048),
  youtube_url: OptionalText(2048),
  // Sent by the spec's client; the upload calls own the images, so these are accepted and ignored.
  featured_image_url: OptionalText(2048),
  gallery_image_urls: Type.Optional(Type.Array(Type.String(), { maxItems: 200 })),
});
export type AdminVenueBody = Type.Static<typeof AdminVenueBody>;

/** Approving or rejecting a venue a person submitted (it is listed once approved). */
export const VenueReviewBody = Type.Object({ review_status: Type.Enum(['approved', 'rejected']) });
export type VenueReviewBody = Type.Static<typeof VenueReviewBody>;

// ── Coaches ─────────────────────────────────────────────────────────────────
export const AdminCoachesQuery = Type.Object({
  limit: Int({ minimum: 1, maximum: MAX_LIST_LIMIT, default: PAGE_SIZES.adminCoaches }),
  offset: Offset,
});
export type AdminCoachesQuery = Type.Static<typeof AdminCoachesQuery>;
export const AdminCoachesReply = Type.Object({ coaches: Type.Array(Coach), count: Int({ minimum: 0 }) });
export type AdminCoachesReply = Type.Static<typeof AdminCoachesReply>;

/**
 * `POST /admin/coaches` and `PUT /admin/coaches/{id}`: the wrapped payload of docs/product.md#admin-entities. Specialties
 * and certifications come as arrays (or comma separated text); the hourly rate in cents.
 */
const TextList = Type.Optional(
  Wrappable(Type.Union([Type.Array(Text({ maxLength: 200 }), { maxItems: 30 }), Text({ maxLength: 2000 })])),
);
export const AdminCoachBody = Type.Object({
  email: OptionalText(254),
  first_name: OptionalText(100),
  last_name: OptionalText(100),
  venue_id: Type.Optional(Wrappable(Id)),
  bio: OptionalText(5000),
  // Any count, whole or not: the service answers one out of 0-50 or a fraction with the wizard's words (docs/product.md#admin-validation, docs/product.md#admin-limits).
  years_experience: OptionalNumber,
  /** Cents, whole as the form sends them; any negative reaches the service's 'Hourly rate cannot be negative'. */
  hourly_rate: Type.Optional(Wrappable(Int({ maximum: 100_000_000 }))),
  is_verified: OptionalFlag,
  is_available_for_booking: OptionalFlag,
  specialties: TextList,
  certifications: TextList,
  availability_schedule: Type.Optional(Wrappable(AvailabilitySchedule)),
  profile_image_url: OptionalText(2048),
});
export type AdminCoachBody = Type.Static<typeof AdminCoachBody>;
export const AdminCoachReply = Type.Object({ coach: Coach, message: Type.Optional(Type.String()) });
export type AdminCoachReply = Type.Static<typeof AdminCoachReply>;

// ── Where coaches teach ─────────────────────────────────────────────────────
export const CoachVenueLink = Type.Object({
  id: Id,
  venue_id: Id,
  venue_name: Type.String(),
  address: NullableString,
  is_primary: Type.Boolean(),
});
export type CoachVenueLink = Type.Static<typeof CoachVenueLink>;
export const CoachVenuesReply = Type.Object({ venues: Type.Array(CoachVenueLink) });
export type CoachVenuesReply = Type.Static<typeof CoachVenuesReply>;
export const AddCoachVenueBody = Type.Object({
  venue_id: Type.Optional(Wrappable(Id)),
  is_primary: Type.Optional(Type.Boolean()),
});
export type AddCoachVenueBody = Type.Static<typeof AddCoachVenueBody>;
export const CoachUserParams = Type.Object({ userId: IdParam });
export const CoachVenueParams = Type.Object({ id: IdParam, venueId: IdParam });
export const CoachLinkParams = Type.Object({ id: IdParam, linkId: IdParam });

// ── Profile claims ──────────────────────────────────────────────────────────
export const AdminClaimsQuery = Type.Object({
  limit: Int({ minimum: 1, maximum: MAX_LIST_LIMIT, default: PAGE_SIZES.adminClaimsFetch }),
  offset: Offset,
  status: Type.Optional(Type.Enum(CLAIM_STATUSES)),
});
export type AdminClaimsQuery = Type.Static<typeof AdminClaimsQuery>;
export const AdminProfileClaim = Type.Object({
  id: Id,
  user_id: Nullable(Id),
  /**
   * The requester: the names the claimant's account gives itself now, read from identity (null until
   * they name it, or when identity did not answer); never the claimed profile's (docs/product.md#admin-entities).
   */
  first_name: NullableString,
  last_name: NullableString,
  /** The e-mail the claimant gave (their account's); null for a claim an admin invited. */
  user_email: NullableString,
  entity_type: Type.Enum(['coach', 'venue']),
  entity_id: Id,
  /** The coach's or venue's name, so the table says what is claimed. */
  entity_name: NullableString,
  contact_email: Type.String(),
  contact_phone: NullableString,
  message: NullableString,
  verification_documents: Type.Array(Type.String()),
  status: Type.Enum(CLAIM_STATUSES),
  admin_notes: NullableString,
  created_at: Timestamp,
  decided_at: NullableTimestamp,
});
export type AdminProfileClaim = Type.Static<typeof AdminProfileClaim>;
export const AdminClaimsReply = Type.Object({
  claims: Type.Array(AdminProfileClaim),
  count: Int({ minimum: 0 }),
  /** Per status, for the tabs' counts. */
  counts: Type.Object({ pending: Int(), approved: Int(), rejected: Int(), all: Int() }),
});
export type AdminClaimsReply = Type.Static<typeof AdminClaimsReply>;
export const AdminClaimReply = Type.Object({ claim: AdminProfileClaim });
export type AdminClaimReply = Type.Static<typeof AdminClaimReply>;
export const DecideClaimBody = Type.Object({
  status: Type.Enum(CLAIM_STATUSES),
  admin_notes: Type.Optional(Nullable(Text({ maxLength: CLAIM_ADMIN_NOTES_MAX_LENGTH }))),
});
export type DecideClaimBody = Type.Static<typeof DecideClaimBody>;

// ── The admin's own profile ─────────────────────────────────────────────────
export const AdminProfileReply = Type.Object({
  user: Type.Object({ id: Id, role: Type.String() }),
  profile: Type.Object({
    status: Type.String(),
    venue_id: Nullable(Id),
    venue_name: NullableString,
    coach_id: Nullable(Id),
  }),
});
export type AdminProfileReply = Type.Static<typeof AdminProfileReply>;
