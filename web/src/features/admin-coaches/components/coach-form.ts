import type { AdminCoachBody, AvailabilitySchedule, Coach } from '@linksmate/proto';
import {
  ADMIN_COACH_MESSAGES,
  COACH_YEARS_EXPERIENCE,
  DAYS,
  DEFAULT_COACH_SCHEDULE_HOURS,
  isEmailAddress,
} from '@linksmate/proto/rules';

/** The coach form's answers as typed: the rate in dollars, the lists as comma separated text. */
export interface CoachFormValues {
  first_name: string;
  last_name: string;
  email: string;
  venue_id: string | null;
  bio: string;
  years_experience: number | string;
  /** Dollars per hour; cents on the wire. */
  hourly_rate: number | string;
  specialties: string;
  certifications: string;
  is_verified: boolean;
  is_available_for_booking: boolean;
}

export type CoachField = keyof CoachFormValues;

export const EMPTY_COACH: CoachFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  venue_id: null,
  bio: '',
  years_experience: '',
  hourly_rate: '',
  specialties: '',
  certifications: '',
  is_verified: false,
  is_available_for_booking: true,
};

/** A coach as the form shows it: the rate from cents to dollars. */
export function formValuesOf(coach: Coach): CoachFormValues {
  return {
    first_name: coach.first_name ?? '',
    last_name: coach.last_name ?? '',
    email: coach.email ?? '',
    venue_id: coach.venue_id === null ? null : String(coach.venue_id),
    bio: coach.bio ?? '',
    years_experience: coach.years_experience ?? '',
    hourly_rate: coach.hourly_rate === null ? '' : coach.hourly_rate / 100,
    specialties: coach.specialties.join(', '),
    certifications: coach.certifications.join(', '),
    is_verified: coach.is_verified,
    is_available_for_booking: coach.is_available_for_booking,
  };
}

/** The five steps of the edit wizard (docs/product.md#admin-sections) and the fields each holds. */
export const COACH_STEPS: Array<{ label: string; fields: CoachField[] }> = [
  { label: 'Basic Info', fields: ['first_name', 'last_name', 'email'] },
  { label: 'Venue', fields: ['venue_id'] },
  { label: 'Professional', fields: ['bio', 'years_experience', 'hourly_rate'] },
  { label: 'Skills', fields: ['specialties', 'certifications'] },
  { label: 'Settings', fields: ['is_verified', 'is_available_for_booking'] },
];

const numberOf = (value: number | string): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** docs/product.md#admin-validation "Coach": every problem with the answers, by field, in the spec's words. */
export function coachErrors(values: CoachFormValues): Partial<Record<CoachField, string>> {
  const errors: Partial<Record<CoachField, string>> = {};
  if (!values.first_name.trim()) errors.first_name = ADMIN_COACH_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) errors.last_name = ADMIN_COACH_MESSAGES.lastNameRequired;
  const email = values.email.trim();
  if (!email) errors.email = ADMIN_COACH_MESSAGES.emailRequired;
  else if (!isEmailAddress(email)) errors.email = ADMIN_COACH_MESSAGES.invalidEmail;
  const years = numberOf(values.years_experience);
  if (years !== null && years < COACH_YEARS_EXPERIENCE.min)
    errors.years_experience = ADMIN_COACH_MESSAGES.yearsNotNegative;
  else if (years !== null && years > COACH_YEARS_EXPERIENCE.max)
    errors.years_experience = ADMIN_COACH_MESSAGES.yearsTooMany;
  else if (years !== null && !Number.isInteger(years))
    errors.years_experience = ADMIN_COACH_MESSAGES.yearsWhole;
  const rate = numberOf(values.hourly_rate);
  if (rate !== null && rate < 0) errors.hourly_rate = ADMIN_COACH_MESSAGES.rateNotNegative;
  return errors;
}

/** The first step with a problem among `errors`, or -1. */
export const firstStepWith = (errors: Partial<Record<string, unknown>>) =>
  COACH_STEPS.findIndex((step) => step.fields.some((field) => errors[field]));

/** Every day available 9:00 AM - 5:00 PM: the schedule the admin screens always send (docs/product.md#admin-entities). */
export const DEFAULT_SCHEDULE: AvailabilitySchedule = Object.fromEntries(
  DAYS.map((day) => [day, { available: true, hours: DEFAULT_COACH_SCHEDULE_HOURS }]),
);

const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];
const text = (value: string) => {
  const trimmed = value.trim();
  return trimmed ? { Valid: true, String: trimmed } : { Valid: false };
};
const int = (value: number | null) => (value === null ? { Valid: false } : { Valid: true, Int32: value });

/**
 * The wrapped payload of docs/product.md#admin-entities: optional values with their valid flag, the lists as arrays made
 * from the comma separated text, the rate in whole cents; a new coach gets the default schedule.
 * An edit leaves the schedule out: the wizard has no schedule step, and the spec's "always every day
 * 9-5" would overwrite the hours the coach set for themselves (the server keeps what is not sent).
 */
export function coachBody(values: CoachFormValues, mode: 'create' | 'edit' = 'create'): AdminCoachBody {
  const rate = numberOf(values.hourly_rate);
  const years = numberOf(values.years_experience);
  return {
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    email: text(values.email),
    venue_id: int(values.venue_id ? Number(values.venue_id) : null),
    bio: text(values.bio),
    years_experience: int(years),
    hourly_rate: int(rate === null ? null : Math.round(rate * 100)),
    specialties: { Valid: true, RawMessage: list(values.specialties) },
    certifications: { Valid: true, RawMessage: list(values.certifications) },
    is_verified: { Valid: true, Bool: values.is_verified },
    is_available_for_booking: { Valid: true, Bool: values.is_available_for_booking },
    ...(mode === 'create' && { availability_schedule: { Valid: true, RawMessage: DEFAULT_SCHEDULE } }),
  };
}

/** What the server said went wrong, for the toast: its field messages, else its sentence. */
export function serverDetail(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong';
  const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
  const messages = fields ? [...new Set(Object.values(fields))] : [];
  return messages.length ? messages.join('; ') : error.message;
}
