/**
 * Every enumeration, limit and rule the spec fixes, defined once and used by services and web alike.
 * Texts are the spec's own; do not reword them.
 */

export const PRODUCT_NAME = 'LinksMate';
export const PRODUCT_SLUG = 'linksmate';

// ── Roles (spec 1 §6, spec 3 §6) ────────────────────────────────────────────
export const ROLES = ['member', 'coach', 'coach_admin', 'admin', 'site_admin', 'facility_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = [
  'admin',
  'site_admin',
  'facility_admin',
  'coach_admin',
] as const satisfies readonly Role[];
export const SITE_ADMIN_ROLES = ['admin', 'site_admin'] as const satisfies readonly Role[];
export const COACH_ROLES = ['coach', 'coach_admin'] as const satisfies readonly Role[];
export const DEFAULT_ROLE: Role = 'member';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
export function isAdminRole(role: string | null | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}
export function isSiteAdminRole(role: string | null | undefined): boolean {
  return !!role && (SITE_ADMIN_ROLES as readonly string[]).includes(role);
}
export function isCoachRole(role: string | null | undefined): boolean {
  return !!role && (COACH_ROLES as readonly string[]).includes(role);
}

/**
 * The admin user list speaks of user / moderator / admin (spec 3). This is the one place that maps
 * those labels onto our roles: site admins are "admin", the scoped admin roles are "moderator",
 * everyone else is "user".
 */
export const ADMIN_ROLE_LABELS = ['user', 'moderator', 'admin'] as const;
export type AdminRoleLabel = (typeof ADMIN_ROLE_LABELS)[number];
export function roleLabel(role: Role): AdminRoleLabel {
  if (role === 'admin' || role === 'site_admin') return 'admin';
  if (role === 'facility_admin' || role === 'coach_admin') return 'moderator';
  return 'user';
}
/** The role a label selects when an admin changes it inline (spec 3 user management). */
export const ROLE_FOR_LABEL: Record<AdminRoleLabel, Role> = {
  user: 'member',
  moderator: 'facility_admin',
  admin: 'admin',
};

// ── Membership (spec 1 §§3, 4, 6) ───────────────────────────────────────────
export const MEMBERSHIP_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** Statuses that grant access; spec 1 §6 says "active or trial". */
export const VALID_MEMBERSHIP_STATUSES = ['active', 'trialing', 'trial'] as const;
/** A subscription in force at the provider: paid or in its free trial. */
export function isRunningSubscription(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}
export const PLAN_IDS = ['monthly', 'annual', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const GRANT_MEMBERSHIP_TYPES = ['monthly', 'annual', 'lifetime'] as const;
/** Bulk grants from the admin user list speak of premium and basic (spec 3 §5). */
export const BULK_GRANT_MEMBERSHIP_TYPES = ['premium', 'basic'] as const;
export const MEMBERSHIP_TYPES = [...PLAN_IDS, ...BULK_GRANT_MEMBERSHIP_TYPES] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const MEMBERSHIP_STATUS_COLOURS: Record<string, 'green' | 'blue' | 'yellow' | 'red' | 'grey'> = {
  active: 'green',
  trialing: 'blue',
  past_due: 'yellow',
  canceled: 'red',
  unpaid: 'red',
};
export function membershipStatusColour(
  status: string | null | undefined,
): 'green' | 'blue' | 'yellow' | 'red' | 'grey' {
  return (status && MEMBERSHIP_STATUS_COLOURS[status]) || 'grey';
}

export interface MembershipClaims {
  role?: string | null;
  membership_status?: string | null;
  membership_ends_at?: string | number | null;
}

/** Spec 1 §6: the "requires membership" check is true only for role member. */
export function requiresMembership(role: string | null | undefined): boolean {
  return role === 'member';
}

/**
 * Spec 1 §6: coaches and admin-like roles pass; others need status active or trial and an end date,
 * if present, not in the past.
 */
export function passesMembershipCheck(claims: MembershipClaims, now: Date = new Date()): boolean {
  if (isCoachRole(claims.role) || isAdminRole(claims.role)) return true;
  const status = claims.membership_status;
  if (!status || !(VALID_MEMBERSHIP_STATUSES as readonly string[]).includes(status)) return false;
  if (claims.membership_ends_at === null || claims.membership_ends_at === undefined) return true;
  const ends =
    typeof claims.membership_ends_at === 'number'
      ? new Date(claims.membership_ends_at * 1000)
      : new Date(claims.membership_ends_at);
  if (Number.isNaN(ends.getTime())) return true;
  return ends.getTime() >= now.getTime();
}

export const MEMBERSHIP_REQUIRED = {
  status: 402,
  error: 'Active membership required',
  code: 'membership_required',
  redirectUrl: '/membership',
} as const;

// ── Money (spec 1 §§1, 5, 9) ────────────────────────────────────────────────
export const GST_RATE_PERCENT = 10;
export const DEFAULT_CURRENCY = 'AUD';
export const LOCALE = 'en-AU';
export const CREATE_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP', 'CAD', 'JPY'] as const;
export const EDIT_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CREATE_CURRENCIES)[number];

/** GST on a GST-exclusive amount in cents, rounded half up to the cent. */
export function gstOnCents(amountCents: number): number {
  return Math.round((amountCents * GST_RATE_PERCENT) / 100);
}

/** Spec 1 §5: amounts are formatted from cents in en-AU; an invalid currency falls back to AUD. */
export function formatCents(amountCents: number, currency: string = DEFAULT_CURRENCY): string {
  const amount = amountCents / 100;
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY }).format(amount);
  }
}

// ── Profile (spec 1 §§3, 5) ─────────────────────────────────────────────────
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'pro'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const AVAILABILITY_STATUSES = ['Available', 'Unavailable', 'playing'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export const AVAILABILITY_STATUS_LABELS: Record<AvailabilityStatus, string> = {
  Available: 'Available',
  Unavailable: 'Unavailable',
  playing: 'Currently Playing',
};
/** The player-discovery filter sends "Playing" for the stored value "playing" (spec 2 §4). */
export const DISCOVERY_AVAILABILITY_FILTERS = ['Available', 'Unavailable', 'Playing'] as const;

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
} as const;

export function usernameError(value: string | null | undefined): string | null {
  if (!value?.trim()) return USERNAME.requiredMessage;
  if (value.length < USERNAME.minLength) return USERNAME.minLengthMessage;
  if (value.length > USERNAME.maxLength) return USERNAME.maxLengthMessage;
  if (!new RegExp(USERNAME.pattern).test(value)) return USERNAME.patternMessage;
  return null;
}

export const PASSWORD_SPECIALS = '@$!%*?&';
export const PASSWORD_RULES: ReadonlyArray<{ test: (pw: string) => boolean; message: string }> = [
  { test: (pw) => pw.length >= 8, message: 'Password must be at least 8 characters long' },
  { test: (pw) => /[a-z]/.test(pw), message: 'Password must contain at least one lowercase letter' },
  { test: (pw) => /[A-Z]/.test(pw), message: 'Password must contain at least one uppercase letter' },
  { test: (pw) => /[0-9]/.test(pw), message: 'Password must contain at least one number' },
  {
    test: (pw) => /[@$!%*?&]/.test(pw),
    message: 'Password must contain at least one special character (@$!%*?&)',
  },
];
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  doesNotMeetRequirements: 'Password does not meet requirements',
  tooLong: 'Password must be at most 128 characters long',
} as const;
export const PASSWORD_MAX_LENGTH = 128;
/** The most a request may carry in a password or name field before it is refused unread. */
export const REQUEST_TEXT_CAP = 1024;

/** The first broken password rule's message, or null when the password is acceptable (spec 1 §5). */
export function passwordError(password: string | null | undefined): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  for (const rule of PASSWORD_RULES) if (!rule.test(password)) return rule.message;
  return null;
}

export const NAME_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
} as const;

/** Spec 1 §2.12: the e-mail is masked, showing the first 2 characters of the local part. */
export const EMAIL_MASK_VISIBLE_CHARS = 2;
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const visible = local.slice(0, EMAIL_MASK_VISIBLE_CHARS);
  return `${visible}${'*'.repeat(Math.max(local.length - visible.length, 3))}${email.slice(at)}`;
}

/** Spec 1 §3 golfer card display name: first and last; else whichever exists; else username; else 'Golfer'. */
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

// ── Uploads (spec 1 §§5, 9; spec 2 §5; spec 3 §5) ───────────────────────────
const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  profileImageBytes: 5 * MB,
  messageImageBytes: 5 * MB,
  messageVideoBytes: 100 * MB,
  venuePhotoBytes: 10 * MB,
  venueVideoBytes: 100 * MB,
} as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/webm',
  'video/3gpp',
] as const;
export const UPLOAD_MESSAGES = {
  invalidImageSelection: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  profileImageTooLarge: 'File size must be less than 5MB',
  unreadableImage: 'Unable to read image file. Please try a different image.',
  invalidImageType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  invalidMediaType:
    'Invalid file type. Only images (JPEG, PNG, GIF, WebP) and videos (MP4, MOV, AVI, WebM, 3GP) are allowed.',
  tooLarge: (size: string) => `File too large. Maximum size is ${size}.`,
} as const;
/** Aspect ratios outside this range warn that the profile image may be cropped. */
export const PROFILE_IMAGE_ASPECT = { min: 0.8, max: 1.25 } as const;

// ── Venues (spec 2 §3, spec 3 §3) ───────────────────────────────────────────
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

// ── Coaches (spec 2 §9, spec 3 §§5, 9) ──────────────────────────────────────
export const COACH_SPECIALTIES = [
  'beginner',
  'intermediate',
  'advanced',
  'putting',
  'short_game',
  'driving',
  'mental_game',
  'junior',
  'senior',
] as const;
export const COACH_MAX_CARD_SPECIALTIES = 3;
export const COACH_YEARS_EXPERIENCE = { min: 0, max: 50 } as const;
export const DEFAULT_COACH_SCHEDULE_HOURS = '9:00 AM - 5:00 PM';

// ── Events and bookings (spec 2 §§3, 4, 9; spec 3 §§4, 9) ───────────────────
export const OFFICIAL_EVENT_TYPE = `${PRODUCT_SLUG}_event` as const;
export const EVENT_TYPES = [OFFICIAL_EVENT_TYPE, 'member_game'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_STATUSES = ['open', 'active', 'cancelled', 'completed'] as const;
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'rejected',
  'cancelled',
  'completed',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const ADMIN_BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export const PAYMENT_METHODS = ['pay_at_venue', 'pay_event_creator'] as const;
export const DEFAULT_PAYMENT_METHOD = 'pay_at_venue';
export const MEMBER_GAME_CAPACITY = { min: 1, max: 50, default: 4 } as const;
export const OFFICIAL_EVENT_CAPACITY = { min: 1, max: 100, default: 10 } as const;
export const DEFAULT_SLOT_TYPE_NAME = 'Standard Admission';
export const AVAILABILITY_SLOT_STATUSES = ['active', 'pending', 'booked', 'canceled'] as const;
export const AVAILABILITY_SLOT_TYPES = ['individual', 'group', 'event'] as const;
export const AVAILABILITY_BATCH = {
  maxSlots: 50,
  minIntervalMinutes: 5,
  minDurationMinutes: 5,
  defaultIntervalMinutes: 30,
  defaultCount: 5,
  defaultDurationMinutes: 60,
} as const;

// ── Payments admin (spec 3 §9) ───────────────────────────────────────────────
export const TRANSACTION_STATUSES = [
  'succeeded',
  'failed',
  'pending',
  'canceled',
  'processed',
  'requires_payment_method',
] as const;
export const TRANSACTION_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'invoice.payment_succeeded',
  'checkout.session.completed',
] as const;
export const TRANSACTION_CURRENCY_FILTERS = ['usd', 'gbp', 'eur', 'aud', 'cad'] as const;
export const GRANT_DURATION = {
  min: 1,
  max: 12,
  units: ['days', 'weeks', 'months', 'years', 'lifetime'],
} as const;

// ── Page sizes (spec 1 §9, spec 2 §9, spec 3 §9) ────────────────────────────
export const PAGE_SIZES = {
  featuredGolfers: 4,
  coaches: 12,
  playerDiscovery: 10,
  events: 10,
  venueDirectory: 12,
  venuePicker: 10,
  venuePickerBatch: 100,
  messageHistory: 20,
  announcements: 10,
  adminCoaches: 10,
  adminVenueTable: 10,
  adminClaims: 10,
  adminClaimsFetch: 500,
  adminBookings: 6,
  adminEvents: 6,
  adminEventsFetch: 20,
  adminTransactions: 6,
  adminUsers: 25,
  maxPageButtons: 5,
} as const;
/** Upper bound a server accepts for any list's limit. */
export const MAX_LIST_LIMIT = 1000;

// ── Timing (spec 1 §9, spec 2 §9) ───────────────────────────────────────────
export const DELAYS_MS = {
  afterVerifyRedirect: 3000,
  afterPurchaseRedirect: 3000,
  afterResetRedirect: 2000,
  membershipRedirect: 2000,
  afterBlockRedirect: 2000,
  toastDefault: 5000,
  savedMessage: 3000,
  venueCreatedBanner: 5000,
  announcementSuccess: 5000,
  conversationRefresh: 30_000,
  messagePoll: 15_000,
} as const;

export const LINK_VALIDITY = {
  verificationMs: 24 * 60 * 60 * 1000,
  passwordResetMs: 15 * 60 * 1000,
} as const;

export const TOKEN_STORAGE_KEY = 'token';

// ── Access token (ARCHITECTURE.md §Auth; spec 1 §3 "Token claims read on the client") ────────────
export const TOKEN_ISSUER = 'linksmate-identity';
export const TOKEN_AUDIENCE = 'linksmate';
export interface AccessTokenClaims {
  sub: string;
  user_id: number;
  role: Role;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  jti: string;
  /** Token version: tokens older than the user's current version no longer count. */
  ver: number;
  membership_status: string | null;
  /** ISO date-time, or null when the membership has no end (lifetime) or none exists. */
  membership_ends_at: string | null;
}
