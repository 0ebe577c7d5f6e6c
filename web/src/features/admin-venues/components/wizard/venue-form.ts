import type { AdminVenue, AdminVenueBody } from '@linksmate/proto';
import { ADMIN_VENUE_TYPES, DAYS, DEFAULT_COUNTRY, NEW_VENUE_DEFAULTS } from '@linksmate/proto/rules';
import type { UseFormReturnType } from '@mantine/form';

/** What the wizard holds: text as typed, numbers as the number inputs give them. */
export interface VenueFormValues {
  // Basic Info
  name: string;
  description: string;
  venue_type: string[];
  custom_venue_types: string;
  is_active: boolean;
  is_verified: boolean;
  // Location
  address: string;
  suburb: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  region: string;
  lat: number | string;
  lng: number | string;
  // Course Details
  course_type: string | null;
  difficulty_men: string | null;
  difficulty_women: string | null;
  course_full_length: number | string;
  course_half_length: number | string;
  course_length_metres: number | string;
  rounds_offered: string;
  dress_code: string;
  social_golf_days: string[];
  social_clubs_allowed: boolean | null;
  linksmate_comp_play_allowed: boolean | null;
  carts_available: boolean | null;
  tags: string[];
  // Amenities
  course_amenities: string[];
  club_amenities: string[];
  accessibility_features: string;
  awards_recognition: string;
  environmental_initiatives: string;
  // Staff & Contact
  phone: string;
  email: string;
  website_url: string;
  proshop_contact_names: string;
  proshop_phone_number: string;
  proshop_email: string;
  head_golf_professional_name: string;
  head_golf_professional_email: string;
  head_golf_professional_phone: string;
  teaching_golf_professional_name: string;
  teaching_golf_professional_email: string;
  teaching_golf_professional_phone: string;
  business_hours: Record<string, string>;
  commercials: string;
  blockers: string;
  notes: string;
  // Media (the files themselves are kept beside the form, not in it)
  virtual_tour_url: string;
  facebook_url: string;
  instagram_url: string;
  twitter_url: string;
  youtube_url: string;
}
export type VenueField = keyof VenueFormValues;

const KNOWN_TYPES = ADMIN_VENUE_TYPES as readonly string[];
const emptyHours = () => Object.fromEntries(DAYS.map((day) => [day, ''])) as Record<string, string>;

/** docs/product.md#admin-entities: a new venue is a golf course, active, not verified, in Australia. */
export function newVenueValues(): VenueFormValues {
  return {
    name: '',
    description: '',
    venue_type: [...NEW_VENUE_DEFAULTS.venue_type],
    custom_venue_types: '',
    is_active: NEW_VENUE_DEFAULTS.is_active,
    is_verified: NEW_VENUE_DEFAULTS.is_verified,
    address: '',
    suburb: '',
    city: '',
    state: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
    region: '',
    lat: '',
    lng: '',
    course_type: null,
    difficulty_men: null,
    difficulty_women: null,
    course_full_length: '',
    course_half_length: '',
    course_length_metres: '',
    rounds_offered: '',
    dress_code: '',
    social_golf_days: [],
    social_clubs_allowed: null,
    linksmate_comp_play_allowed: null,
    carts_available: null,
    tags: [],
    course_amenities: [],
    club_amenities: [],
    accessibility_features: '',
    awards_recognition: '',
    environmental_initiatives: '',
    phone: '',
    email: '',
    website_url: '',
    proshop_contact_names: '',
    proshop_phone_number: '',
    proshop_email: '',
    head_golf_professional_name: '',
    head_golf_professional_email: '',
    head_golf_professional_phone: '',
    teaching_golf_professional_name: '',
    teaching_golf_professional_email: '',
    teaching_golf_professional_phone: '',
    business_hours: emptyHours(),
    commercials: '',
    blockers: '',
    notes: '',
    virtual_tour_url: '',
    facebook_url: '',
    instagram_url: '',
    twitter_url: '',
    youtube_url: '',
  };
}

/** Hours by day, whatever case the days are stored in; one line for every day (`all`) fills each. */
function hoursOf(stored: Record<string, string>): Record<string, string> {
  const byDay = new Map(Object.entries(stored).map(([day, text]) => [day.toLowerCase(), text]));
  const everyDay = byDay.get('all') ?? '';
  return Object.fromEntries(DAYS.map((day) => [day, byDay.get(day) ?? everyDay]));
}

/** A stored venue as the wizard edits it: its own types ticked, any others as 'Other' with their text. */
export function venueValuesOf(venue: AdminVenue): VenueFormValues {
  const known = venue.venue_type.filter((type) => KNOWN_TYPES.includes(type) && type !== 'other');
  const custom = venue.venue_type.filter((type) => !KNOWN_TYPES.includes(type));
  const text = (value: string | null | undefined) => value ?? '';
  const number = (value: number | null) => value ?? '';
  return {
    ...newVenueValues(),
    name: venue.name,
    description: text(venue.description),
    venue_type: custom.length ? [...known, 'other'] : known,
    custom_venue_types: custom.join(', '),
    is_active: venue.is_active,
    is_verified: venue.is_verified,
    address: text(venue.address),
    suburb: text(venue.suburb),
    city: text(venue.city),
    state: text(venue.state),
    postal_code: text(venue.postal_code),
    country: venue.country,
    region: text(venue.region),
    lat: number(venue.lat),
    lng: number(venue.lng),
    course_type: venue.course_type,
    difficulty_men: venue.difficulty_men,
    difficulty_women: venue.difficulty_women,
    course_full_length: number(venue.course_full_length),
    course_half_length: number(venue.course_half_length),
    course_length_metres: number(venue.course_length_metres),
    rounds_offered: text(venue.rounds_offered),
    dress_code: text(venue.dress_code),
    social_golf_days: venue.social_golf_days.map((day) => day.toLowerCase()),
    social_clubs_allowed: venue.social_clubs_allowed,
    linksmate_comp_play_allowed: venue.linksmate_comp_play_allowed,
    carts_available: venue.carts_available,
    tags: venue.tags,
    course_amenities: venue.course_amenities,
    club_amenities: venue.club_amenities,
    accessibility_features: text(venue.accessibility_features),
    awards_recognition: text(venue.awards_recognition),
    environmental_initiatives: text(venue.environmental_initiatives),
    phone: text(venue.phone),
    email: text(venue.email),
    website_url: text(venue.website_url),
    proshop_contact_names: text(venue.proshop_contact_names),
    proshop_phone_number: text(venue.proshop_phone_number),
    proshop_email: text(venue.proshop_email),
    head_golf_professional_name: text(venue.head_golf_professional_name),
    head_golf_professional_email: text(venue.head_golf_professional_email),
    head_golf_professional_phone: text(venue.head_golf_professional_phone),
    teaching_golf_professional_name: text(venue.teaching_golf_professional_name),
    teaching_golf_professional_email: text(venue.teaching_golf_professional_email),
    teaching_golf_professional_phone: text(venue.teaching_golf_professional_phone),
    business_hours: hoursOf(venue.business_hours),
    commercials: text(venue.commercials),
    blockers: text(venue.blockers),
    notes: text(venue.notes),
    virtual_tour_url: text(venue.virtual_tour_url),
    facebook_url: text(venue.facebook_url),
    instagram_url: text(venue.instagram_url),
    twitter_url: text(venue.twitter_url),
    youtube_url: text(venue.youtube_url),
  };
}

/** A number input's value: null when empty, NaN when it is not a number. */
export function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

export const LENGTHS = ['course_full_length', 'course_half_length', 'course_length_metres'] as const;

const TEXT_FIELDS = [
  'name',
  'description',
  'address',
  'suburb',
  'city',
  'state',
  'postal_code',
  'country',
  'region',
  'rounds_offered',
  'dress_code',
  'accessibility_features',
  'awards_recognition',
  'environmental_initiatives',
  'phone',
  'email',
  'website_url',
  'proshop_contact_names',
  'proshop_phone_number',
  'proshop_email',
  'head_golf_professional_name',
  'head_golf_professional_email',
  'head_golf_professional_phone',
  'teaching_golf_professional_name',
  'teaching_golf_professional_email',
  'teaching_golf_professional_phone',
  'notes',
  'virtual_tour_url',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'youtube_url',
] as const satisfies readonly VenueField[];

/**
 * What is sent (docs/product.md#admin-calls): every field, text trimmed with blank as null, 'other' with its custom
 * types beside it, opening hours only for the days filled in. Commercials and blockers only from
 * those who may see them (docs/product.md#admin-roles).
 */
export function venueBodyOf(values: VenueFormValues, withCommercials: boolean): AdminVenueBody {
  const orNull = (text: string) => text.trim() || null;
  const body: AdminVenueBody = Object.fromEntries(TEXT_FIELDS.map((field) => [field, orNull(values[field])]));
  body.name = values.name.trim();
  body.country = values.country.trim();
  body.venue_type = values.venue_type;
  if (values.venue_type.includes('other')) body.custom_venue_types = values.custom_venue_types.trim();
  body.course_type = values.course_type || null;
  body.difficulty_men = values.difficulty_men || null;
  body.difficulty_women = values.difficulty_women || null;
  for (const field of LENGTHS) body[field] = numberOf(values[field]);
  body.lat = numberOf(values.lat);
  body.lng = numberOf(values.lng);
  body.social_golf_days = values.social_golf_days;
  body.social_clubs_allowed = values.social_clubs_allowed;
  body.linksmate_comp_play_allowed = values.linksmate_comp_play_allowed;
  body.carts_available = values.carts_available;
  body.tags = values.tags.map((tag) => tag.trim()).filter(Boolean);
  body.course_amenities = values.course_amenities;
  body.club_amenities = values.club_amenities;
  body.business_hours = Object.fromEntries(
    DAYS.map((day) => [day, values.business_hours[day]?.trim() ?? '']).filter(([, hours]) => hours),
  );
  body.is_active = values.is_active;
  body.is_verified = values.is_verified;
  if (withCommercials) {
    body.commercials = orNull(values.commercials);
    body.blockers = orNull(values.blockers);
  }
  return body;
}

/** The wizard's form, as each step receives it. */
export type VenueForm = UseFormReturnType<VenueFormValues>;
