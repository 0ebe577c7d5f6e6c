import { invalidFields } from '@linksmate/platform';
import {
  ADMIN_VENUE_MESSAGES,
  type AdminVenueBody,
  AU_STATES,
  COURSE_LENGTH,
  DEFAULT_COUNTRY,
  isEmailAddress,
  numberError,
  unwrap,
  VENUE_COORDINATES,
  webLinkErrors,
} from '@linksmate/proto';
import type { NewVenue } from '../../db/types';

type Changes = Partial<Omit<NewVenue, 'slug'>>;

/** The wizard's words for a length or a coordinate the form would not take (docs/product.md#admin-validation). */
const LENGTH_MESSAGES = {
  below: ADMIN_VENUE_MESSAGES.lengthNotNegative,
  above: ADMIN_VENUE_MESSAGES.lengthTooLong,
  fraction: ADMIN_VENUE_MESSAGES.lengthWhole,
};
const LATITUDE_MESSAGES = {
  below: ADMIN_VENUE_MESSAGES.latitudeRange,
  above: ADMIN_VENUE_MESSAGES.latitudeRange,
};
const LONGITUDE_MESSAGES = {
  below: ADMIN_VENUE_MESSAGES.longitudeRange,
  above: ADMIN_VENUE_MESSAGES.longitudeRange,
};

/** An optional text of the wizard: unwrapped, trimmed, blank is none; undefined when not sent. */
const text = (value: Parameters<typeof unwrap<string>>[0]) =>
  value === undefined ? undefined : unwrap<string>(value)?.trim() || null;
const value = <T>(input: Parameters<typeof unwrap<T>>[0]) =>
  input === undefined ? undefined : unwrap<T>(input);

/** `other` gives way to the custom types typed beside it (docs/product.md#admin-entities), each once. */
function venueTypes(body: AdminVenueBody): string[] | undefined {
  if (!body.venue_type) return undefined;
  const custom = (text(body.custom_venue_types) ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const chosen = body.venue_type.flatMap((t) => (t === 'other' ? custom : [t.trim()]));
  return [...new Set(chosen.filter(Boolean))];
}

/** Business hours as an object of day → text; the spec's client may send them as JSON text. */
function businessHours(input: AdminVenueBody['business_hours']): Record<string, string> | undefined {
  if (input === undefined) return undefined;
  if (input === null || input === '') return {};
  if (typeof input !== 'string') return input;
  try {
    const parsed = JSON.parse(input) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.fromEntries(Object.entries(parsed).map(([day, hours]) => [day, String(hours)]));
  } catch {
    // Not JSON: read as one line for every day below.
  }
  return { all: input };
}

/**
 * The wizard's answers as the venue's columns, judged as docs/product.md#admin-validation says, every problem at once in
 * its words (422). A creation needs the required fields; a change judges only what it sends.
 */
export function adminVenueValues(
  body: AdminVenueBody,
  options: { creating: boolean; mayEditCommercials: boolean },
): Changes {
  const types = venueTypes(body);
  const changes: Changes = {
    name: text(body.name) ?? undefined,
    address: text(body.address),
    suburb: text(body.suburb),
    city: text(body.city),
    state: stateCode(text(body.state)),
    postalCode: text(body.postal_code),
    // Not sent at all: Australia; sent blank: refused below.
    country:
      text(body.country) ?? (options.creating && body.country === undefined ? DEFAULT_COUNTRY : undefined),
    region: text(body.region),
    phone: text(body.phone),
    email: text(body.email),
    websiteUrl: text(body.website_url),
    description: text(body.description),
    venueType: types,
    courseType: text(body.course_type),
    socialGolfDays: body.social_golf_days,
    dressCode: text(body.dress_code),
    socialClubsAllowed: value<boolean>(body.social_clubs_allowed),
    linksmateCompPlayAllowed: value<boolean>(body.linksmate_comp_play_allowed),
    roundsOffered: text(body.rounds_offered),
    courseFullLength: value<number>(body.course_full_length),
    courseHalfLength: value<number>(body.course_half_length),
    courseLengthMetres: value<number>(body.course_length_metres),
    difficultyMen: text(body.difficulty_men),
    difficultyWomen: text(body.difficulty_women),
    tags: body.tags?.map((t) => t.trim()).filter(Boolean),
    cartsAvailable: value<boolean>(body.carts_available),
    courseAmenities: body.course_amenities,
    clubAmenities: body.club_amenities,
    proshopContactNames: text(body.proshop_contact_names),
    proshopPhoneNumber: text(body.proshop_phone_number),
    proshopEmail: text(body.proshop_email),
    headGolfProfessionalName: text(body.head_golf_professional_name),
    headGolfProfessionalEmail: text(body.head_golf_professional_email),
    headGolfProfessionalPhone: text(body.head_golf_professional_phone),
    teachingGolfProfessionalName: text(body.teaching_golf_professional_name),
    teachingGolfProfessionalEmail: text(body.teaching_golf_professional_email),
    teachingGolfProfessionalPhone: text(body.teaching_golf_professional_phone),
    // Admin-only fields (docs/product.md#admin-roles): a facility admin's values are not taken.
    commercials: options.mayEditCommercials ? text(body.commercials) : undefined,
    blockers: options.mayEditCommercials ? text(body.blockers) : undefined,
    businessHours: businessHours(body.business_hours),
    isVerified: value<boolean>(body.is_verified) ?? undefined,
    isActive: value<boolean>(body.is_active) ?? undefined,
    lat: value<number>(body.lat),
    lng: value<number>(body.lng),
    virtualTourUrl: text(body.virtual_tour_url),
    notes: text(body.notes),
    accessibilityFeatures: text(body.accessibility_features),
    awardsRecognition: text(body.awards_recognition),
    environmentalInitiatives: text(body.environmental_initiatives),
    facebookUrl: text(body.facebook_url),
    instagramUrl: text(body.instagram_url),
    twitterUrl: text(body.twitter_url),
    youtubeUrl: text(body.youtube_url),
  };
  judge(body, changes, types, options.creating);
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Changes;
}

/** A state typed as its code (any case) is stored as the code, so the directory's filter finds it. */
function stateCode(state: string | null | undefined): string | null | undefined {
  if (!state) return state;
  return AU_STATES.find((code) => code === state.toUpperCase()) ?? state;
}

function judge(body: AdminVenueBody, changes: Changes, types: string[] | undefined, creating: boolean): void {
  // Every stored link is a web link (proto's rule); the images' fields are ignored, so not judged.
  const errors: Record<string, string> = webLinkErrors({
    website_url: changes.websiteUrl,
    virtual_tour_url: changes.virtualTourUrl,
    facebook_url: changes.facebookUrl,
    instagram_url: changes.instagramUrl,
    twitter_url: changes.twitterUrl,
    youtube_url: changes.youtubeUrl,
  });
  const required = (sent: unknown, present: unknown, field: string, message: string) => {
    if ((creating || sent !== undefined) && !present) errors[field] = message;
  };
  required(body.name, changes.name, 'name', ADMIN_VENUE_MESSAGES.nameRequired);
  if ((creating || body.venue_type !== undefined) && !types?.length) {
    const otherAlone = body.venue_type?.includes('other');
    errors.venue_type = otherAlone
      ? ADMIN_VENUE_MESSAGES.customTypeRequired
      : ADMIN_VENUE_MESSAGES.typeRequired;
  } else if (body.venue_type?.includes('other') && !text(body.custom_venue_types)) {
    errors.custom_venue_types = ADMIN_VENUE_MESSAGES.customTypeRequired;
  }
  required(body.address, changes.address, 'address', ADMIN_VENUE_MESSAGES.addressRequired);
  required(body.city, changes.city, 'city', ADMIN_VENUE_MESSAGES.cityRequired);
  required(body.country, changes.country, 'country', ADMIN_VENUE_MESSAGES.countryRequired);
  if (changes.proshopEmail && !isEmailAddress(changes.proshopEmail))
    errors.proshop_email = ADMIN_VENUE_MESSAGES.invalidProShopEmail;
  for (const [field, email] of [
    ['email', changes.email],
    ['head_golf_professional_email', changes.headGolfProfessionalEmail],
    ['teaching_golf_professional_email', changes.teachingGolfProfessionalEmail],
  ] as const)
    if (email && !isEmailAddress(email)) errors[field] = ADMIN_VENUE_MESSAGES.invalidEmail;
  const numbers = [
    ['course_full_length', numberError(changes.courseFullLength, COURSE_LENGTH, LENGTH_MESSAGES)],
    ['course_half_length', numberError(changes.courseHalfLength, COURSE_LENGTH, LENGTH_MESSAGES)],
    ['course_length_metres', numberError(changes.courseLengthMetres, COURSE_LENGTH, LENGTH_MESSAGES)],
    ['lat', numberError(changes.lat, VENUE_COORDINATES.lat, LATITUDE_MESSAGES)],
    ['lng', numberError(changes.lng, VENUE_COORDINATES.lng, LONGITUDE_MESSAGES)],
  ] as const;
  for (const [field, problem] of numbers) if (problem) errors[field] = problem;
  if (Object.keys(errors).length) throw invalidFields(errors);
}
