/** Page sizes, delays and how long links stay valid (docs/product.md#account-limits, docs/product.md#community-limits, docs/product.md#admin-limits). */

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
  /** Availability slots per request (the spec names no page size; the events list's fetch size). */
  adminAvailability: 20,
  adminTransactions: 6,
  adminUsers: 25,
  maxPageButtons: 5,
} as const;
/** Upper bound a server accepts for any list's limit. */
export const MAX_LIST_LIMIT = 1000;

// ── Timing (docs/product.md#account-limits, docs/product.md#community-limits) ───────────────────────────────────────────
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

/**
 * A link mail of one kind goes to one address at most this often: registration's verification mail
 * starts it, and a resend inside it answers 429 with the seconds left.
 */
export const LINK_MAIL_COOLDOWN_MS = 60_000;

/**
 * The owner of an address someone tried to register or claim with is told at most this often, so
 * strangers cannot fill their inbox by trying again and again.
 */
export const ACCOUNT_EXISTS_MAIL_COOLDOWN_MS = 60 * 60_000;

/** What can be wrong with a number typed into a form: under its least, over its most, not whole. */
export type NumberFault = 'below' | 'above' | 'fraction';

/** Bounds of a number a form takes. */
export interface NumberLimits {
  min?: number;
  max?: number;
  whole?: boolean;
}

/** The words for each fault these limits can find, and only those: a least needs `below`, and so on. */
export type NumberMessages<L extends NumberLimits> = (L extends { min: number }
  ? { below: string }
  : unknown) &
  (L extends { max: number } ? { above: string } : unknown) &
  (L extends { whole: true } ? { fraction: string } : unknown);

/**
 * The first fault of a number a form sent, judged in the forms' own order (least, most, whole), so the
 * server's 422 names what the form would have named; undefined when it is fine. The schemas let such
 * numbers through to be judged here: a bound in a schema answers a bare 400 with no field message.
 */
export function numberFault(value: number, limits: NumberLimits): NumberFault | undefined {
  if (limits.min !== undefined && value < limits.min) return 'below';
  if (limits.max !== undefined && value > limits.max) return 'above';
  if (limits.whole && !Number.isInteger(value)) return 'fraction';
  return undefined;
}

/** The message for a number's first fault (see `numberFault`); undefined when it is fine or not given. */
export function numberError<const L extends NumberLimits>(
  value: number | null | undefined,
  limits: L,
  messages: NumberMessages<L>,
): string | undefined {
  if (typeof value !== 'number') return undefined;
  const fault = numberFault(value, limits);
  return fault && (messages as Partial<Record<NumberFault, string>>)[fault];
}
