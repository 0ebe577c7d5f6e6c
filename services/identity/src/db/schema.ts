import { timestamps } from '@linksmate/platform';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The identity database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';

interface DirectoryColumns {
  isProfileVisible: SQLWrapper;
  emailVerifiedAt: SQLWrapper;
  bannedAt: SQLWrapper;
  profileImageUrl: SQLWrapper;
  firstName: SQLWrapper;
}

/**
 * Who the golfer directory (discovery, golfers) may list: verified, visible, not suspended. Its
 * partial indexes hold these rows only, and its queries say the same words, so PostgreSQL uses them.
 */
export const listedInDirectory = (t: DirectoryColumns) =>
  sql`${t.isProfileVisible} and ${t.emailVerifiedAt} is not null and ${t.bannedAt} is null`;

/** A profile that introduces its golfer (a photo or a name); the directory lists these first. */
export const introducesItself = (t: DirectoryColumns) =>
  sql`(${t.profileImageUrl} is not null or ${t.firstName} is not null)`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('member'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    manualHandicap: numeric('manual_handicap', { precision: 4, scale: 1, mode: 'number' }),
    skillLevel: text('skill_level'),
    clubMembershipsText: text('club_memberships_text'),
    isProfileVisible: boolean('is_profile_visible').notNull().default(true),
    availabilityStatus: text('availability_status').notNull().default('Available'),
    availabilityStatusMessage: text('availability_status_message'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    /** Bumped by bans, role changes and password resets: earlier tokens stop counting. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Aggregate version carried by events, so projections never roll back. */
    version: integer('version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Failed logins before this (a password reset) no longer count towards the account's limits. */
    loginFailuresClearedAt: timestamp('login_failures_cleared_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // The directory's order (introduced first, newest, id), scanned backwards; one index per filter
    // shape, so a page of any filter reads its own rows and the offset's, not the whole directory.
    index('users_directory_idx').on(introducesItself(t), t.createdAt, t.id).where(listedInDirectory(t)),
    index('users_directory_skill_idx')
      .on(t.skillLevel, introducesItself(t), t.createdAt, t.id)
      .where(listedInDirectory(t)),
    index('users_directory_availability_idx')
      .on(t.availabilityStatus, introducesItself(t), t.createdAt, t.id)
      .where(listedInDirectory(t)),
    index('users_directory_skill_availability_idx')
      .on(t.skillLevel, t.availabilityStatus, introducesItself(t), t.createdAt, t.id)
      .where(listedInDirectory(t)),
  ],
);

/** Single-use links sent by e-mail; only a hash of the token is kept. */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify_email' | 'reset_password'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('link_tokens_hash_key').on(t.tokenHash),
    index('link_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * When a link mail was last asked for, per e-mail address and kind: the resend cooldown counts from
 * here for every address alike, so its answer does not tell whether the address has an account.
 * Only a hash of the address is kept, since most asked-for addresses may be no one's.
 */
export const linkMailRequests = pgTable(
  'link_mail_requests',
  {
    addressHash: text('address_hash').notNull(),
    purpose: text('purpose').$type<'verify_email' | 'reset_password' | 'account_exists'>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.addressHash, t.purpose] }),
    index('link_mail_requests_requested_idx').on(t.requestedAt),
  ],
);

/** Failed and successful logins, for the per-account and per-address limits (ASVS 2.2.1). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.attemptedAt),
    index('login_attempts_address_idx').on(t.address, t.attemptedAt),
  ],
);

/**
 * Where an account has logged in successfully: client addresses and browser devices (a hash of the
 * random id the browser keeps). A source seen here lately is the owner's, and is let in with the
 * right password even while strangers' failures hold the account back.
 */
export const knownLoginSources = pgTable(
  'known_login_sources',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'address' | 'device'>().notNull(),
    value: text('value').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.value] }),
    index('known_login_sources_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * Token signing keys. A key is published (JWKS) from its creation until `retired_at`, and signs from
 * `signs_from` (the newest such key signs), so verifiers know a key before it is used and keep it
 * until the last token it signed has expired.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** The private JWK in the clear: only rows written before keys were sealed; emptied at start. */
  privateJwk: jsonb('private_jwk'),
  /** The private JWK sealed with KEY_ENCRYPTION_KEY (platform's Sealer); null once retired. */
  sealedPrivateKey: text('sealed_private_key'),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  signsFrom: timestamp('signs_from', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** identity's copy of each user's membership, kept from payments.membership.changed. */
export const memberships = pgTable('memberships', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type'),
  status: text('status'),
  planId: text('plan_id'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodEndsAt: timestamp('current_period_ends_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  source: text('source'),
  providerSubscriptionId: text('provider_subscription_id'),
  providerCustomerId: text('provider_customer_id'),
  /** The version of the last event applied; older or repeated events change nothing. */
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who blocked whom: blocked users see no profile of the blocker and vice versa. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Profile pictures as stored (display size and square thumbnail). An upload waits `pending` until
 * the owner's profile takes it (`attached`); one the profile let go is `discarded` until its files
 * are deleted. Pending uploads left unused, and the pictures of deleted accounts, are swept with
 * their files.
 */
export const profileImages = pgTable(
  'profile_images',
  {
    id: serial('id').primaryKey(),
    /** Null once the account is gone: its files are then swept like discarded ones. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<'pending' | 'attached' | 'discarded'>().notNull().default('pending'),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    displayKey: text('display_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profile_images_url_key').on(t.url),
    index('profile_images_user_idx').on(t.userId, t.state),
    // What the sweep looks for: pending by age, discarded ones, and those of deleted accounts.
    index('profile_images_sweep_idx')
      .on(t.createdAt)
      .where(sql`${t.state} <> 'attached' or ${t.userId} is null`),
  ],
);

/**
 * Accounts deleted while their tokens may still be unexpired: the version a token must carry (one
 * more than any they held), so a gateway that starts after the deletion still refuses them.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  userId: integer('user_id').primaryKey(),
  tokenVersion: integer('token_version').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One per login: a browser's session, its id the family of the refresh tokens it is given. It ends
 * when revoked (logout, sign-out elsewhere, a reused token, a password change or reset) or when its
 * refresh token goes unused until `expires_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The login or the latest refresh. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('sessions_user_active_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Every refresh token a session was given, by SHA-256 hash only. Each is exchanged once
 * (`rotated_at`); one shown again afterwards was copied, and its whole session is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** The token it was exchanged for (the grace period accepts it once while that one is unused). */
    successorHash: text('successor_hash'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);
