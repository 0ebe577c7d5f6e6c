/** Profile fields and how golfers are shown (docs/product.md#account-entities, #account-validation). */

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'pro'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const AVAILABILITY_STATUSES = ['Available', 'Unavailable', 'playing'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export const AVAILABILITY_STATUS_LABELS: Record<AvailabilityStatus, string> = {
  Available: 'Available',
  Unavailable: 'Unavailable',
  playing: 'Currently Playing',
};
/** The player-discovery filter sends "Playing" for the stored value "playing" (docs/product.md#community-states). */
export const DISCOVERY_AVAILABILITY_FILTERS = ['Available', 'Unavailable', 'Playing'] as const;

/** Longest accepted text per profile field; longer is answered with a field error. */
export const PROFILE_TEXT_LIMITS = {
  name: 50,
  clubMemberships: 500,
  availabilityMessage: 200,
} as const;
export const PROFILE_TEXT_MESSAGES = {
  firstNameTooLong: `First name must be at most ${PROFILE_TEXT_LIMITS.name} characters.`,
  lastNameTooLong: `Last name must be at most ${PROFILE_TEXT_LIMITS.name} characters.`,
  clubMembershipsTooLong: `Club memberships must be at most ${PROFILE_TEXT_LIMITS.clubMemberships} characters.`,
  availabilityMessageTooLong: `Availability message must be at most ${PROFILE_TEXT_LIMITS.availabilityMessage} characters.`,
  invalidSkillLevel: 'Please choose a skill level: beginner, intermediate, advanced or pro.',
  invalidAvailability: 'Please choose an availability: Available, Unavailable or Currently Playing.',
  invalidImage: 'Please upload the profile image again.',
  notOwnProfile: 'You can only edit your own profile.',
  updated: 'Profile updated successfully!',
} as const;

/** docs/product.md#community-states, #community-permissions: blocking and what it answers. */
export const BLOCK_MESSAGES = {
  confirm: "Are you sure you want to block this user? You won't see their profile anymore.",
  blocked: 'User has been blocked.',
  unblocked: 'User unblocked successfully!',
  cannotBlockSelf: 'You cannot block yourself.',
  userNotFound: 'User not found',
} as const;

export const HANDICAP = {
  min: -10,
  max: 54,
  step: 0.1,
  decimals: 1,
  rangeMessage: 'Handicap must be a number between -10 and 54.',
  decimalsMessage: 'Handicap can only have one decimal place (e.g., 15.2).',
} as const;

/** Returns the spec's message for an invalid handicap, or null when it is acceptable. */
export function handicapError(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < HANDICAP.min || value > HANDICAP.max) {
    return HANDICAP.rangeMessage;
  }
  if (Math.abs(Math.round(value * 10) - value * 10) > 1e-9) return HANDICAP.decimalsMessage;
  return null;
}

export const USERNAME = {
  minLength: 3,
  maxLength: 30,
  pattern: '^[A-Za-z0-9_]+$',
  minLengthMessage: 'Username must be at least 3 characters long.',
  patternMessage: 'Username can only contain letters, numbers, and underscores.',
  requiredMessage: 'Username is required.',
  maxLengthMessage: 'Username must be at most 30 characters long.',
  takenMessage: 'This username is already taken.',
} as const;

export function usernameError(value: string | null | undefined): string | null {
  if (!value?.trim()) return USERNAME.requiredMessage;
  if (value.length < USERNAME.minLength) return USERNAME.minLengthMessage;
  if (value.length > USERNAME.maxLength) return USERNAME.maxLengthMessage;
  if (!new RegExp(USERNAME.pattern).test(value)) return USERNAME.patternMessage;
  return null;
}

export const NAME_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
} as const;

/** What an e-mail address must look like to be accepted (registration, accounts made for claims). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmailAddress(value: string | null | undefined): boolean {
  return !!value && EMAIL_SHAPE.test(value);
}

/**
 * docs/product.md#account-screens: the e-mail is masked, showing the first 2 characters of the local part. The mask has
 * one length whatever it hides, so it gives away nothing of the local part's length.
 */
export const EMAIL_MASK_VISIBLE_CHARS = 2;
export const EMAIL_MASK = '****';
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const visible = email.slice(0, Math.min(at, EMAIL_MASK_VISIBLE_CHARS));
  return `${visible}${EMAIL_MASK}${email.slice(at)}`;
}

/** docs/product.md#account-entities golfer card display name: first and last; else whichever exists; else username; else 'Golfer'. */
export function displayName(p: {
  first_name?: string | null;
  last_name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  const first = (p.first_name ?? p.firstName ?? '').trim();
  const last = (p.last_name ?? p.lastName ?? '').trim();
  if (first && last) return `${first} ${last}`;
  if (first || last) return first || last;
  return p.username?.trim() || 'Golfer';
}
