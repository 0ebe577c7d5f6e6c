/** Venues (docs/product.md#community-entities, docs/product.md#admin-entities). */
import { COACH_YEARS_EXPERIENCE } from './coaches';

export const VENUE_TYPES = [
  'golf_course',
  'driving_range',
  'indoor_facility',
  'pitch_and_putt',
  'mini_golf',
  'practice_nets',
  'practice_chipping',
  'practice_green',
] as const;
export type VenueType = (typeof VENUE_TYPES)[number];
/** Types that exist only to pick stock images. */
export const STOCK_IMAGE_VENUE_TYPES = [...VENUE_TYPES, 'putting_green', 'clubhouse'] as const;
/** The admin wizard adds 'other', replaced on save by comma-separated custom types. */
export const ADMIN_VENUE_TYPES = [...VENUE_TYPES, 'other'] as const;
export const COURSE_TYPES = [
  'championship',
  'executive',
  'resort',
  'municipal',
  'private',
  'semi_private',
  'public',
] as const;
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const COURSE_AMENITIES = [
  'driving_range',
  'putting_green',
  'chipping_area',
  'practice_bunker',
  'golf_lessons',
  'club_fitting',
  'golf_simulator',
] as const;
export const CLUB_AMENITIES = [
  'restaurant',
  'bar',
  'pro_shop',
  'locker_room',
  'event_facilities',
  'conference_room',
  'parking',
  'wifi',
] as const;
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export const DEFAULT_COUNTRY = 'Australia';
export const NEW_VENUE_DEFAULTS = {
  venue_type: ['golf_course'],
  is_active: true,
  is_verified: false,
} as const;

/** How each enumerated value reads in a select or chip. */
export const VENUE_TYPE_LABELS: Record<(typeof STOCK_IMAGE_VENUE_TYPES)[number] | 'other', string> = {
  golf_course: 'Golf Course',
  driving_range: 'Driving Range',
  indoor_facility: 'Indoor Facility',
  pitch_and_putt: 'Pitch and Putt',
  mini_golf: 'Mini Golf',
  practice_nets: 'Practice Nets',
  practice_chipping: 'Practice Chipping',
  practice_green: 'Practice Green',
  putting_green: 'Putting Green',
  clubhouse: 'Clubhouse',
  other: 'Other',
};
export const COURSE_AMENITY_LABELS: Record<(typeof COURSE_AMENITIES)[number], string> = {
  driving_range: 'Driving Range',
  putting_green: 'Putting Green',
  chipping_area: 'Chipping Area',
  practice_bunker: 'Practice Bunker',
  golf_lessons: 'Golf Lessons',
  club_fitting: 'Club Fitting',
  golf_simulator: 'Golf Simulator',
};
export const CLUB_AMENITY_LABELS: Record<(typeof CLUB_AMENITIES)[number], string> = {
  restaurant: 'Restaurant',
  bar: 'Bar',
  pro_shop: 'Pro Shop',
  locker_room: 'Locker Room',
  event_facilities: 'Event Facilities',
  conference_room: 'Conference Room',
  parking: 'Parking',
  wifi: 'WiFi',
};

/** A venue is listed once reviewed: user-submitted venues start pending (docs/product.md#community-states). */
export const VENUE_REVIEW_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type VenueReviewStatus = (typeof VENUE_REVIEW_STATUSES)[number];

/** Gallery media kinds; a video carries a JPEG thumbnail at `…/thumbnails/<name>.jpg` (docs/product.md#account-entities). */
export const VENUE_MEDIA_KINDS = ['image', 'video'] as const;
export type VenueMediaKind = (typeof VENUE_MEDIA_KINDS)[number];

/** The directory's search box and the filter values it accepts are capped so a query stays cheap. */
export const VENUE_SEARCH_MAX_LENGTH = 100;

/** Texts of the venue screens and calls (docs/product.md#community-screens, #community-validation, #community-errors). */
export const VENUE_MESSAGES = {
  nameRequired: 'Venue name is required',
  notFound: 'Venue not found',
  submitted: 'Thanks! Your venue has been submitted for review. It will appear once approved.',
  invalidEmail: 'Please enter a valid email address',
  saveFirst: 'Please save the venue first before uploading media.',
  notAllowed: 'You do not have permission to manage this venue.',
  mediaNotFound: 'Image not found',
  tooLargeFor: (kind: 'image' | 'video', size: string) =>
    `File too large. Maximum size for ${kind}s is ${size}.`,
} as const;

/** Claim profile (spec 2 "Claim profile", §§4, 5, 8). */
export const CLAIM_ENTITY_TYPES = ['coach', 'venue'] as const;
export type ClaimEntityType = (typeof CLAIM_ENTITY_TYPES)[number];
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_MESSAGES = {
  invalidType: 'Invalid profile type',
  notFound: (entityType: string) => `${entityType} profile not found`,
  loadFailed: 'Failed to load profile',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  failed: 'Failed to claim profile',
  succeeded: 'Profile claimed successfully! Please check your email to verify your account.',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  alreadyClaimed: 'This profile has already been claimed.',
  /** A venue someone already runs (its venue_admins), however they came to run it. */
  venueManaged: 'This venue is already managed by its team.',
  alreadyPending: 'A claim for this profile is already waiting for review.',
  accountExists: 'An account with this email already exists. Please sign in instead.',
} as const;

/** The longest course length (holes or metres) a venue may give. */
export const COURSE_LENGTH_MAX = 1_000_000;
/** A course length: a whole number from 0 (docs/product.md#admin-validation "Course length number minimum 0"). */
export const COURSE_LENGTH = { min: 0, max: COURSE_LENGTH_MAX, whole: true } as const;
/** Where on the globe a venue may be placed, in degrees. */
export const VENUE_COORDINATES = {
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
} as const;

/** The admin venue wizard's and claim review's texts (docs/product.md#admin-validation, #admin-errors). */
export const ADMIN_VENUE_MESSAGES = {
  nameRequired: 'Venue name is required',
  typeRequired: 'At least one venue type is required',
  customTypeRequired: 'Custom venue type is required when "Other" is selected',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  invalidProShopEmail: 'Please enter a valid pro shop email address',
  invalidEmail: 'Please enter a valid email address',
  lengthNotNegative: 'Course length cannot be negative',
  lengthTooLong: `Course length cannot be more than ${COURSE_LENGTH_MAX.toLocaleString('en-AU')}`,
  lengthWhole: 'Course length must be a whole number',
  /** The spec names no words for a place off the globe: the wizard's. */
  latitudeRange: `Latitude must be between ${VENUE_COORDINATES.lat.min} and ${VENUE_COORDINATES.lat.max}`,
  longitudeRange: `Longitude must be between ${VENUE_COORDINATES.lng.min} and ${VENUE_COORDINATES.lng.max}`,
  noVenueForAdmin: 'No venue found for this admin',
  deleteConfirm: 'Are you sure you want to delete this venue?',
} as const;

export const ADMIN_COACH_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  yearsNotNegative: 'Years of experience cannot be negative',
  /** docs/product.md#admin-limits: years of experience 0-50. */
  yearsTooMany: `Years of experience cannot be more than ${COACH_YEARS_EXPERIENCE.max}`,
  yearsWhole: 'Years of experience must be a whole number',
  rateNotNegative: 'Hourly rate cannot be negative',
  selectVenue: 'Please select a venue',
  notFound: 'Coach not found',
  noCoachProfile:
    'You do not have a coach profile yet. Please contact an administrator to set up your profile.',
  emailTaken: 'A coach with this email already exists.',
  alreadyLinked: 'This coach already teaches at this venue.',
  linkNotFound: 'This coach does not teach at this venue.',
} as const;

/** The longest admin notes a claim's decision keeps. */
export const CLAIM_ADMIN_NOTES_MAX_LENGTH = 2000;

export const CLAIM_REVIEW_MESSAGES = {
  notFound: 'Claim not found',
  alreadyDecided: 'This claim has already been decided.',
  decisionRequired: 'Choose approved or rejected.',
  adminNotesTooLong: `Admin notes must be at most ${CLAIM_ADMIN_NOTES_MAX_LENGTH} characters`,
} as const;

/** Rate guidance on the coach wizard (docs/product.md#admin-sections), dollars per hour. */
export const COACH_RATE_GUIDANCE =
  'Beginner coaches $30-50, experienced $50-100, PGA professionals $100-200, elite $200+ per hour.';
