import { invalidFields } from '@linksmate/platform';
import {
  ADMIN_COACH_MESSAGES,
  type AdminCoachBody,
  type AvailabilitySchedule,
  COACH_YEARS_EXPERIENCE,
  DAYS,
  DEFAULT_COACH_SCHEDULE_HOURS,
  isEmailAddress,
  numberError,
  unwrap,
  webLinkError,
} from '@linksmate/proto';
import type { NewCoach } from '../../db/types';

/** The wizard's words for years of experience it would not take (docs/product.md#admin-validation: 0-50). */
const YEARS_MESSAGES = {
  below: ADMIN_COACH_MESSAGES.yearsNotNegative,
  above: ADMIN_COACH_MESSAGES.yearsTooMany,
  fraction: ADMIN_COACH_MESSAGES.yearsWhole,
};

const text = (value: Parameters<typeof unwrap<string>>[0]) =>
  value === undefined ? undefined : unwrap<string>(value)?.trim() || null;
const value = <T>(input: Parameters<typeof unwrap<T>>[0]) =>
  input === undefined ? undefined : unwrap<T>(input);

/** A list sent as an array or as comma separated text (docs/product.md#admin-entities), trimmed, each once. */
function list(input: AdminCoachBody['specialties']): string[] | undefined {
  if (input === undefined) return undefined;
  const raw = unwrap<string[] | string>(input);
  if (raw === null || raw === undefined) return [];
  const items = Array.isArray(raw) ? raw : raw.split(',');
  return [...new Set(items.map((i) => i.trim()).filter(Boolean))];
}

/** Every day available 9:00 AM - 5:00 PM: a new coach's schedule (docs/product.md#admin-limits). */
export function defaultSchedule(): AvailabilitySchedule {
  return Object.fromEntries(
    DAYS.map((day) => [day, { available: true, hours: DEFAULT_COACH_SCHEDULE_HOURS }]),
  );
}

export type CoachValues = Partial<NewCoach> & { venueId?: number | null };

/**
 * The coach wizard's answers as the coach's columns, judged as docs/product.md#admin-validation says (every problem at
 * once, in its words). Adding needs the names and the e-mail; a change judges what it sends.
 */
export function adminCoachValues(body: AdminCoachBody, creating: boolean): CoachValues {
  const values: CoachValues = {
    email: text(body.email) ?? undefined,
    firstName: text(body.first_name) ?? undefined,
    lastName: text(body.last_name) ?? undefined,
    bio: text(body.bio),
    profileImageUrl: text(body.profile_image_url),
    yearsExperience: value<number>(body.years_experience),
    hourlyRate: value<number>(body.hourly_rate),
    isVerified: value<boolean>(body.is_verified) ?? undefined,
    isAvailableForBooking: value<boolean>(body.is_available_for_booking) ?? undefined,
    specialties: list(body.specialties),
    certifications: list(body.certifications),
    availabilitySchedule:
      value<AvailabilitySchedule>(body.availability_schedule) ?? (creating ? defaultSchedule() : undefined),
    venueId: value<number>(body.venue_id),
  };
  const errors: Record<string, string> = {};
  const sentOrNew = (sent: unknown) => creating || sent !== undefined;
  if (sentOrNew(body.first_name) && !values.firstName)
    errors.first_name = ADMIN_COACH_MESSAGES.firstNameRequired;
  if (sentOrNew(body.last_name) && !values.lastName) errors.last_name = ADMIN_COACH_MESSAGES.lastNameRequired;
  if (sentOrNew(body.email) && !values.email) errors.email = ADMIN_COACH_MESSAGES.emailRequired;
  else if (values.email && !isEmailAddress(values.email)) errors.email = ADMIN_COACH_MESSAGES.invalidEmail;
  const pictureProblem = webLinkError(values.profileImageUrl);
  if (pictureProblem) errors.profile_image_url = pictureProblem;
  const years = numberError(
    values.yearsExperience,
    { ...COACH_YEARS_EXPERIENCE, whole: true },
    YEARS_MESSAGES,
  );
  if (years) errors.years_experience = years;
  if (typeof values.hourlyRate === 'number' && values.hourlyRate < 0)
    errors.hourly_rate = ADMIN_COACH_MESSAGES.rateNotNegative;
  if (Object.keys(errors).length) throw invalidFields(errors);
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as CoachValues;
}
