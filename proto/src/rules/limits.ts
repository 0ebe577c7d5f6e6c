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
