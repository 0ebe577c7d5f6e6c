import {
  ADMIN_VENUE_MESSAGES,
  COURSE_LENGTH_MAX,
  isEmailAddress,
  webLinkError,
} from '@linksmate/proto/rules';
import { LENGTHS, numberOf, type VenueField, type VenueFormValues } from './venue-form';

/** docs/product.md#admin-sections "Venue wizard": the six steps, in order. */
export const STEPS = [
  'Basic Info',
  'Location',
  'Course Details',
  'Amenities',
  'Staff & Contact',
  'Media',
] as const;
export const LAST_STEP = STEPS.length - 1;

/** Which step holds each field, so an error (ours or the server's) leads to its step. */
const STEP_FIELDS: VenueField[][] = [
  ['name', 'description', 'venue_type', 'custom_venue_types', 'is_active', 'is_verified'],
  ['address', 'suburb', 'city', 'state', 'postal_code', 'country', 'region', 'lat', 'lng'],
  [
    'course_type',
    'difficulty_men',
    'difficulty_women',
    'course_full_length',
    'course_half_length',
    'course_length_metres',
    'rounds_offered',
    'dress_code',
    'social_golf_days',
    'social_clubs_allowed',
    'linksmate_comp_play_allowed',
    'carts_available',
    'tags',
  ],
  [
    'course_amenities',
    'club_amenities',
    'accessibility_features',
    'awards_recognition',
    'environmental_initiatives',
  ],
  [
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
    'business_hours',
    'commercials',
    'blockers',
    'notes',
  ],
  ['virtual_tour_url', 'facebook_url', 'instagram_url', 'twitter_url', 'youtube_url'],
];

/** The step an error's field is on (a nested field such as `business_hours.monday` by its root). */
export function stepOfField(field: string): number | null {
  const root = field.split('.')[0];
  const step = STEP_FIELDS.findIndex((fields) => (fields as string[]).includes(root ?? ''));
  return step === -1 ? null : step;
}

/** The first step any of the errors is on. */
export function firstStepWithErrors(errors: Record<string, unknown>): number | null {
  const steps = Object.keys(errors)
    .map(stepOfField)
    .filter((step): step is number => step !== null);
  return steps.length ? Math.min(...steps) : null;
}

/** The wizard's stored links, judged wherever their step is. */
const LINK_FIELDS: ReadonlySet<string> = new Set([
  'website_url',
  'virtual_tour_url',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'youtube_url',
]);

const COORDINATES = { lat: ['Latitude', 90], lng: ['Longitude', 180] } as const;

/**
 * docs/product.md#admin-validation, step by step, in the server's words: name and a type (with the custom text when
 * 'Other' is ticked), address, city and country, lengths whole and not negative (nor past the
 * largest the server stores), e-mails that look like one, links that are web links (proto's rule, the server's
 * message).
 */
export function stepErrors(step: number, values: VenueFormValues): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (step === 0) {
    if (!values.name.trim()) errors.name = ADMIN_VENUE_MESSAGES.nameRequired;
    if (values.venue_type.length === 0) errors.venue_type = ADMIN_VENUE_MESSAGES.typeRequired;
    else if (values.venue_type.includes('other') && !values.custom_venue_types.trim())
      errors.custom_venue_types = ADMIN_VENUE_MESSAGES.customTypeRequired;
  }
  if (step === 1) {
    if (!values.address.trim()) errors.address = ADMIN_VENUE_MESSAGES.addressRequired;
    if (!values.city.trim()) errors.city = ADMIN_VENUE_MESSAGES.cityRequired;
    if (!values.country.trim()) errors.country = ADMIN_VENUE_MESSAGES.countryRequired;
    for (const [field, [label, limit]] of Object.entries(COORDINATES)) {
      const value = numberOf(values[field as keyof typeof COORDINATES]);
      if (value !== null && !(Math.abs(value) <= limit))
        errors[field] = `${label} must be between -${limit} and ${limit}`;
    }
  }
  if (step === 2) {
    for (const field of LENGTHS) {
      const value = numberOf(values[field]);
      if (value !== null && !(value >= 0)) errors[field] = ADMIN_VENUE_MESSAGES.lengthNotNegative;
      else if (value !== null && value > COURSE_LENGTH_MAX)
        errors[field] = ADMIN_VENUE_MESSAGES.lengthTooLong;
      else if (value !== null && !Number.isInteger(value)) errors[field] = ADMIN_VENUE_MESSAGES.lengthWhole;
    }
  }
  if (step === 4) {
    const invalid = (email: string) => email.trim() !== '' && !isEmailAddress(email.trim());
    if (invalid(values.email)) errors.email = ADMIN_VENUE_MESSAGES.invalidEmail;
    if (invalid(values.proshop_email)) errors.proshop_email = ADMIN_VENUE_MESSAGES.invalidProShopEmail;
    for (const field of ['head_golf_professional_email', 'teaching_golf_professional_email'] as const)
      if (invalid(values[field])) errors[field] = ADMIN_VENUE_MESSAGES.invalidEmail;
  }
  for (const field of STEP_FIELDS[step] ?? []) {
    if (!LINK_FIELDS.has(field)) continue;
    const problem = webLinkError(values[field as keyof VenueFormValues] as string);
    if (problem) errors[field] = problem;
  }
  return errors;
}

const hasErrors = (errors: Partial<Record<string, string>>) => Object.keys(errors).length > 0;
export const isStepValid = (step: number, values: VenueFormValues) => !hasErrors(stepErrors(step, values));

/** Every step judged in order: the first with problems and its errors, or null when all pass. */
export function firstInvalidStep(
  values: VenueFormValues,
): { step: number; errors: Partial<Record<string, string>> } | null {
  for (let step = 0; step <= LAST_STEP; step++) {
    const errors = stepErrors(step, values);
    if (hasErrors(errors)) return { step, errors };
  }
  return null;
}
