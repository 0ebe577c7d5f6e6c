import Type from 'typebox';
import {
  AU_STATES,
  CLAIM_STATUSES,
  CLUB_AMENITIES,
  COURSE_AMENITIES,
  PAGE_SIZES,
  REQUEST_TEXT_CAP,
  VENUE_MEDIA_KINDS,
  VENUE_SEARCH_MAX_LENGTH,
  VENUE_TYPES,
} from '../rules';
import { Cents, Id, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Wrappable } from '../wrapped';
import { Limit, Offset } from './common';

/**
 * venues-coaches' HTTP contract (docs/architecture.md#who-owns-what): the venue directory and detail, filter lists,
 * user-submitted venues, coaches, profile claims and venue media uploads. Outputs use plain values
 * and `null`; inputs also accept the wrapped `{Valid, value}` form.
 */

// ── Venues (spec 2 "Venue directory", "Venue detail", §§3, 7; docs/product.md#admin-entities) ─────
/** A gallery item: an image, or a video with its JPEG thumbnail. `position` orders the carousel. */
export const VenueMedia = Type.Object({
  id: Id,
  url: Type.String(),
  media_type: Type.Enum(VENUE_MEDIA_KINDS),
  thumbnail_url: NullableString,
  position: Int({ minimum: 0 }),
});
export type VenueMedia = Type.Static<typeof VenueMedia>;

/** Day (monday…sunday) to the opening hours as text, e.g. "6:00 AM - 7:00 PM" or "Closed". */
export const BusinessHours = Type.Record(Type.String(), Type.String());
export type BusinessHours = Type.Static<typeof BusinessHours>;

/** A venue card in the directory: what the card shows, and the gallery's size for '+N photos'. */
export const VenueListItem = Type.Object({
  id: Id,
  slug: NullableString,
  name: Type.String(),
  suburb: NullableString,
  city: NullableString,
  state: NullableString,
  region: NullableString,
  description: NullableString,
  phone: NullableString,
  website_url: NullableString,
  venue_type: Type.Array(Type.String()),
  is_verified: Type.Boolean(),
  featured_image_url: NullableString,
  gallery_count: Int({ minimum: 0 }),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
});
export type VenueListItem = Type.Static<typeof VenueListItem>;

/**
 * A venue as anyone may see it: every public field of docs/product.md#admin-entities. The admin-only fields
 * (commercials, blockers, notes) are never in this shape.
 */
export const Venue = Type.Object({
  ...VenueListItem.properties,
  address: NullableString,
  postal_code: NullableString,
  country: Type.String(),
  email: NullableString,
  course_type: NullableString,
  social_golf_days: Type.Array(Type.String()),
  dress_code: NullableString,
  social_clubs_allowed: Nullable(Type.Boolean()),
  linksmate_comp_play_allowed: Nullable(Type.Boolean()),
  rounds_offered: NullableString,
  course_full_length: Nullable(Int()),
  course_half_length: Nullable(Int()),
  course_length_metres: Nullable(Int()),
  difficulty_men: NullableString,
  difficulty_women: NullableString,
  tags: Type.Array(Type.String()),
  carts_available: Nullable(Type.Boolean()),
  course_amenities: Type.Array(Type.String()),
  club_amenities: Type.Array(Type.String()),
  /** Course and club amenities together, in that order (spec 2's single Amenities list). */
  amenities: Type.Array(Type.String()),
  proshop_contact_names: NullableString,
  proshop_phone_number: NullableString,
  proshop_email: NullableString,
  head_golf_professional_name: NullableString,
  head_golf_professional_email: NullableString,
  head_golf_professional_phone: NullableString,
  teaching_golf_professional_name: NullableString,
  teaching_golf_professional_email: NullableString,
  teaching_golf_professional_phone: NullableString,
  business_hours: BusinessHours,
  is_active: Type.Boolean(),
  gallery_image_urls: Type.Array(Type.String()),
  gallery: Type.Array(VenueMedia),
  virtual_tour_url: NullableString,
  accessibility_features: NullableString,
  awards_recognition: NullableString,
  environmental_initiatives: NullableString,
  facebook_url: NullableString,
  instagram_url: NullableString,
  twitter_url: NullableString,
  youtube_url: NullableString,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Venue = Type.Static<typeof Venue>;

/** `''` is "no filter", as a cleared select sends it. */
const Filter = <T extends readonly string[]>(values: T) =>
  Type.Optional(Type.Union([Type.Literal(''), Type.Enum(values)]));
const FreeFilter = Type.Optional(Text({ maxLength: VENUE_SEARCH_MAX_LENGTH }));

/**
 * `GET /venues`: search over name, suburb, city and state forgiving case, accents and small typos,
 * ranked by relevance (by name without a search). Enumerated filters refuse unknown values (400);
 * region and city are free text matched exactly, ignoring case.
 */
export const VenuesQuery = Type.Object({
  search: FreeFilter,
  city: FreeFilter,
  region: FreeFilter,
  state: Filter(AU_STATES),
  venue_type: Filter(VENUE_TYPES),
  course_amenity: Filter(COURSE_AMENITIES),
  club_amenity: Filter(CLUB_AMENITIES),
  limit: Limit(PAGE_SIZES.venueDirectory, 100),
  offset: Offset,
});
export type VenuesQuery = Type.Static<typeof VenuesQuery>;

export const VenuesReply = Type.Object({ venues: Type.Array(VenueListItem), count: Int({ minimum: 0 }) });
export type VenuesReply = Type.Static<typeof VenuesReply>;

export const VenueReply = Type.Object({ venue: Venue });
export type VenueReply = Type.Static<typeof VenueReply>;

export const SlugParams = Type.Object({ slug: Text({ minLength: 1, maxLength: 200 }) });

/** An option of a filter select. */
export const FilterOption = Type.Object({ value: Type.String(), label: Type.String() });
export type FilterOption = Type.Static<typeof FilterOption>;
/** Filter lists hold only values some listed venue has, so no option leads to an empty page. */
export const RegionsReply = Type.Object({ regions: Type.Array(Type.String()) });
export type RegionsReply = Type.Static<typeof RegionsReply>;
export const StatesReply = Type.Object({ states: Type.Array(Type.String()) });
export type StatesReply = Type.Static<typeof StatesReply>;
export const VenueTypesReply = Type.Object({ types: Type.Array(FilterOption) });
export type VenueTypesReply = Type.Static<typeof VenueTypesReply>;
export const AmenitiesReply = Type.Object({ amenities: Type.Array(FilterOption) });
export type AmenitiesReply = Type.Static<typeof AmenitiesReply>;

const ShortText = Wrappable(Text({ maxLength: 200 }));
/**
 * `POST /venues/user-created` (login): a venue someone plays at, kept for review and not listed
 * until approved. Name is required ('Venue name is required').
 */
export const UserVenueBody = Type.Object({
  name: Wrappable(Text({ maxLength: 200 })),
  address: Type.Optional(ShortText),
  city: Type.Optional(ShortText),
  state: Type.Optional(ShortText),
  postal_code: Type.Optional(Wrappable(Text({ maxLength: 20 }))),
  country: Type.Optional(ShortText),
  phone: Type.Optional(Wrappable(Text({ maxLength: 40 }))),
  email: Type.Optional(Wrappable(Text({ maxLength: 254 }))),
  website_url: Type.Optional(Wrappable(Text({ maxLength: 2048 }))),
  description: Type.Optional(Wrappable(Text({ maxLength: 5000 }))),
});
export type UserVenueBody = Type.Static<typeof UserVenueBody>;

export const SubmittedVenue = Type.Object({
  id: Id,
  name: Type.String(),
  review_status: Type.Literal('pending'),
});
export const UserVenueReply = Type.Object({ message: Type.String(), venue: SubmittedVenue });
export type UserVenueReply = Type.Static<typeof UserVenueReply>;

// ── Coaches (spec 2 "Find Coaches", "Coach detail", §§3, 7) ──────────────────
/** Per weekday (monday…sunday): whether the coach takes lessons and the hours as text. */
export const AvailabilitySchedule = Type.Record(
  Type.String(),
  Type.Object({ available: Type.Boolean(), hours: Type.String() }),
);
export type AvailabilitySchedule = Type.Static<typeof AvailabilitySchedule>;

export const Coach = Type.Object({
  id: Id,
  user_id: Nullable(Id),
  venue_id: Nullable(Id),
  /** The primary venue's name, for the card and the detail's Coach Details. */
  venue_name: NullableString,
  first_name: NullableString,
  last_name: NullableString,
  email: NullableString,
  profile_image_url: NullableString,
  bio: NullableString,
  specialties: Type.Array(Type.String()),
  certifications: Type.Array(Type.String()),
  years_experience: Nullable(Int({ minimum: 0 })),
  /** Cents per hour (money is integer cents everywhere); shown as '$rate/hour'. */
  hourly_rate: Nullable(Cents),
  is_verified: Type.Boolean(),
  is_available_for_booking: Type.Boolean(),
  availability_schedule: AvailabilitySchedule,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Coach = Type.Static<typeof Coach>;

export const CoachesQuery = Type.Object({ limit: Limit(PAGE_SIZES.coaches, 100), offset: Offset });
export type CoachesQuery = Type.Static<typeof CoachesQuery>;
export const CoachesReply = Type.Object({ coaches: Type.Array(Coach), total: Int({ minimum: 0 }) });
export type CoachesReply = Type.Static<typeof CoachesReply>;
export const CoachReply = Type.Object({ coach: Coach });
export type CoachReply = Type.Static<typeof CoachReply>;

// ── Claim profile (spec 2 "Claim profile", §§3–8) ────────────────────────────
/**
 * `POST /claim-profile` (public): makes an unverified account (role coach for a coach profile)
 * and a pending claim; the verification mail goes out as for any account. The type is judged by
 * the service so a wrong one answers 'Invalid profile type'; a missing or malformed e-mail or
 * password is answered as a 422 field error in the spec's words, so both may be absent here.
 */
export const ClaimProfileBody = Type.Object({
  entityType: Text({ maxLength: 40 }),
  entityId: Wrappable(Id),
  email: Type.Optional(Wrappable(Text({ maxLength: 254 }))),
  password: Type.Optional(Text({ maxLength: REQUEST_TEXT_CAP })),
});
export type ClaimProfileBody = Type.Static<typeof ClaimProfileBody>;

export const ProfileClaim = Type.Object({
  id: Id,
  user_id: Nullable(Id),
  entity_type: Type.String(),
  entity_id: Id,
  contact_email: Type.String(),
  status: Type.Enum(CLAIM_STATUSES),
  created_at: Timestamp,
});
export type ProfileClaim = Type.Static<typeof ProfileClaim>;
export const ClaimProfileReply = Type.Object({ message: Type.String(), claim: ProfileClaim });
export type ClaimProfileReply = Type.Static<typeof ClaimProfileReply>;

// ── Venue media (docs/architecture.md#who-owns-what; spec 3 "Admin venue detail", §5) ─────────────
/**
 * `POST /upload/venue-photo` (multipart: `venue_id`, then the file in `image`): replaces the
 * featured picture, re-encoded. `POST /upload/venue-gallery` (multipart: `venue_id`, then the file
 * in `media`): appends an image or video to the gallery. Venue owners and site admins only.
 */
export const VenuePhotoReply = Type.Object({ url: Type.String(), venue_id: Id });
export type VenuePhotoReply = Type.Static<typeof VenuePhotoReply>;
export const VenueGalleryReply = Type.Object({
  ...VenueMedia.properties,
  venue_id: Id,
  /** The gallery as it now is, in carousel order. */
  gallery_image_urls: Type.Array(Type.String()),
});
export type VenueGalleryReply = Type.Static<typeof VenueGalleryReply>;
/** `DELETE /upload/venue-photo/{id}` removes venue id's featured picture; `/upload/venue-image/{id}` a gallery item. */
export const VenueMediaDeletedReply = Type.Object({ message: Type.String() });
export type VenueMediaDeletedReply = Type.Static<typeof VenueMediaDeletedReply>;

// ── Internal calls (service token; never routed by the gateway) ─────────────
/**
 * `POST /internal/venues`: a venue made by the platform itself (demo data, the bench), already
 * reviewed. Every stored field of docs/product.md#admin-entities, plain values; the slug is made from the name when absent.
 */
export const ImportVenueBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  slug: Type.Optional(Text({ maxLength: 200 })),
  address: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  suburb: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  city: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  state: Type.Optional(Nullable(Type.Enum(AU_STATES))),
  postal_code: Type.Optional(Nullable(Text({ maxLength: 20 }))),
  country: Type.Optional(Text({ maxLength: 100 })),
  region: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  phone: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  email: Type.Optional(Nullable(Text({ maxLength: 254 }))),
  website_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  description: Type.Optional(Nullable(Text({ maxLength: 5000 }))),
  venue_type: Type.Array(Type.Enum(VENUE_TYPES), { minItems: 1 }),
  course_type: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  social_golf_days: Type.Optional(Type.Array(Text({ maxLength: 20 }))),
  dress_code: Type.Optional(Nullable(Text({ maxLength: 500 }))),
  social_clubs_allowed: Type.Optional(Nullable(Type.Boolean())),
  linksmate_comp_play_allowed: Type.Optional(Nullable(Type.Boolean())),
  rounds_offered: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  course_full_length: Type.Optional(Nullable(Int({ minimum: 0 }))),
  course_half_length: Type.Optional(Nullable(Int({ minimum: 0 }))),
  course_length_metres: Type.Optional(Nullable(Int({ minimum: 0 }))),
  difficulty_men: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  difficulty_women: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  tags: Type.Optional(Type.Array(Text({ maxLength: 60 }))),
  carts_available: Type.Optional(Nullable(Type.Boolean())),
  course_amenities: Type.Optional(Type.Array(Type.Enum(COURSE_AMENITIES))),
  club_amenities: Type.Optional(Type.Array(Type.Enum(CLUB_AMENITIES))),
  proshop_contact_names: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  proshop_phone_number: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  proshop_email: Type.Optional(Nullable(Text({ maxLength: 254 }))),
  head_golf_professional_name: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  head_golf_professional_email: Type.Optional(Nullable(Text({ maxLength: 254 }))),
  head_golf_professional_phone: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  teaching_golf_professional_name: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  teaching_golf_professional_email: Type.Optional(Nullable(Text({ maxLength: 254 }))),
  teaching_golf_professional_phone: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  commercials: Type.Optional(Nullable(Text({ maxLength: 5000 }))),
  blockers: Type.Optional(Nullable(Text({ maxLength: 5000 }))),
  business_hours: Type.Optional(BusinessHours),
  is_verified: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
  lat: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  lng: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  virtual_tour_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  notes: Type.Optional(Nullable(Text({ maxLength: 5000 }))),
  accessibility_features: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
  awards_recognition: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
  environmental_initiatives: Type.Optional(Nullable(Text({ maxLength: 2000 }))),
  facebook_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  instagram_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  twitter_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  youtube_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  /** The accounts that run the venue (facility admins), as an approved claim would leave them. */
  admin_user_ids: Type.Optional(Type.Array(Id, { maxItems: 20 })),
});
export type ImportVenueBody = Type.Static<typeof ImportVenueBody>;
export const ImportVenueReply = Type.Object({ venue: Type.Object({ id: Id, slug: Type.String() }) });
export type ImportVenueReply = Type.Static<typeof ImportVenueReply>;

/** `POST /internal/coaches`: a coach made by the platform, linked to venues (the first is primary). */
export const ImportCoachBody = Type.Object({
  first_name: Text({ minLength: 1, maxLength: 100 }),
  last_name: Text({ minLength: 1, maxLength: 100 }),
  email: Text({ minLength: 3, maxLength: 254 }),
  user_id: Type.Optional(Nullable(Id)),
  profile_image_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
  bio: Type.Optional(Nullable(Text({ maxLength: 5000 }))),
  specialties: Type.Optional(Type.Array(Text({ maxLength: 60 }))),
  certifications: Type.Optional(Type.Array(Text({ maxLength: 200 }))),
  years_experience: Type.Optional(Nullable(Int({ minimum: 0, maximum: 50 }))),
  hourly_rate: Type.Optional(Nullable(Int({ minimum: 0 }))),
  is_verified: Type.Optional(Type.Boolean()),
  is_available_for_booking: Type.Optional(Type.Boolean()),
  availability_schedule: Type.Optional(AvailabilitySchedule),
  venue_ids: Type.Optional(Type.Array(Id)),
});
export type ImportCoachBody = Type.Static<typeof ImportCoachBody>;
export const ImportCoachReply = Type.Object({ coach: Type.Object({ id: Id }) });
export type ImportCoachReply = Type.Static<typeof ImportCoachReply>;
