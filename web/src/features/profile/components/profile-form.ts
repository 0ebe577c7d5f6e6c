import type { UpdateProfileBody } from '@linksmate/proto';
import {
  AVAILABILITY_STATUSES,
  HANDICAP,
  handicapError,
  NAME_MESSAGES,
  PROFILE_TEXT_LIMITS,
  PROFILE_TEXT_MESSAGES,
  usernameError,
} from '@linksmate/proto/rules';
import { tooLong } from '../../../lib/form-errors';
import type { ProfileUser } from '../api/get-profile';

/** What the edit form holds: text as typed, the handicap as the number input gives it. */
export interface ProfileFormValues {
  profile_image_url: string | null;
  username: string;
  first_name: string;
  last_name: string;
  manual_handicap: number | string;
  skill_level: string | null;
  club_memberships_text: string;
  availability_status: string;
  availability_status_message: string;
  is_profile_visible: boolean;
}
export type ProfileField = keyof ProfileFormValues;

/** The fields in the order they appear, so the first one with an error is the one scrolled to. */
export const FIELD_ORDER: ProfileField[] = [
  'profile_image_url',
  'username',
  'first_name',
  'last_name',
  'manual_handicap',
  'skill_level',
  'club_memberships_text',
  'availability_status',
  'availability_status_message',
  'is_profile_visible',
];

export const fieldId = (field: ProfileField) => `profile-${field.replaceAll('_', '-')}`;

export function formValuesOf(user: ProfileUser): ProfileFormValues {
  return {
    profile_image_url: user.profile_image_url,
    username: user.username,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    manual_handicap: user.manual_handicap ?? '',
    skill_level: user.skill_level,
    club_memberships_text: user.club_memberships_text ?? '',
    availability_status: (AVAILABILITY_STATUSES as readonly string[]).includes(user.availability_status)
      ? user.availability_status
      : 'Available',
    availability_status_message: user.availability_status_message ?? '',
    is_profile_visible: user.is_profile_visible,
  };
}

/** The handicap as typed: null when empty, NaN when it is not a number at all. */
function handicapOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** docs/product.md#account-validation: what is sent — trimmed text, empty optional text as null, the handicap as a decimal or null. */
export function bodyOf(values: ProfileFormValues): UpdateProfileBody {
  return {
    username: values.username.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    manual_handicap: handicapOf(values.manual_handicap),
    skill_level: values.skill_level || null,
    club_memberships_text: orNull(values.club_memberships_text),
    is_profile_visible: values.is_profile_visible,
    availability_status: values.availability_status,
    availability_status_message: orNull(values.availability_status_message),
    profile_image_url: values.profile_image_url,
  };
}

/** Unchanged means the form would send what the profile already holds. */
export function sameProfile(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));
}

/** docs/product.md#account-validation's rules in the spec's words, per field; the server answers the same ones field by field. */
export function validateProfile(values: ProfileFormValues): Partial<Record<ProfileField, string>> {
  const handicap = handicapOf(values.manual_handicap);
  const errors: Partial<Record<ProfileField, string | null>> = {
    username: usernameError(values.username.trim()),
    first_name: values.first_name.trim()
      ? tooLong(values.first_name, PROFILE_TEXT_LIMITS.name, PROFILE_TEXT_MESSAGES.firstNameTooLong)
      : NAME_MESSAGES.firstNameRequired,
    last_name: values.last_name.trim()
      ? tooLong(values.last_name, PROFILE_TEXT_LIMITS.name, PROFILE_TEXT_MESSAGES.lastNameTooLong)
      : NAME_MESSAGES.lastNameRequired,
    manual_handicap:
      handicap !== null && Number.isNaN(handicap) ? HANDICAP.rangeMessage : handicapError(handicap),
    club_memberships_text: tooLong(
      values.club_memberships_text,
      PROFILE_TEXT_LIMITS.clubMemberships,
      PROFILE_TEXT_MESSAGES.clubMembershipsTooLong,
    ),
    availability_status_message: tooLong(
      values.availability_status_message,
      PROFILE_TEXT_LIMITS.availabilityMessage,
      PROFILE_TEXT_MESSAGES.availabilityMessageTooLong,
    ),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<
    Record<ProfileField, string>
  >;
}

/** The first field, in the form's order, that has an error. */
export const firstInvalidField = (errors: Record<string, unknown>): ProfileField | undefined =>
  FIELD_ORDER.find((field) => errors[field]);
