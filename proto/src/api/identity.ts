import Type from 'typebox';
import {
  AVAILABILITY_STATUSES,
  DISCOVERY_AVAILABILITY_FILTERS,
  MAX_LIST_LIMIT,
  PAGE_SIZES,
  REQUEST_TEXT_CAP,
  ROLES,
  SKILL_LEVELS,
} from '../rules';
import { Id, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Limit, Offset, Page } from './common';
import { MembershipResponse } from './payments';

/**
 * identity's HTTP contract (docs/architecture.md#who-owns-what): accounts, profiles, the golfer directory and the internal
 * calls other services make. Services declare these schemas on their routes; the web derives its
 * types from them.
 */

const Email = Text({ minLength: 3, maxLength: 254 });
// Length and shape rules are answered as field errors by the service; the schema caps what is read.
const Password = Text({ maxLength: REQUEST_TEXT_CAP });
const LinkToken = Text({ maxLength: 200 });

// ── Accounts (docs/product.md#account-screens, #account-calls) ──────────────────────────────────────────
export const RegisterBody = Type.Object({
  username: Text({ maxLength: REQUEST_TEXT_CAP }),
  email: Email,
  password: Password,
  /** Accepted and ignored: every account starts as a member (docs/product.md#account-validation). */
  role: Type.Optional(Text({ maxLength: 40 })),
});
export type RegisterBody = Type.Static<typeof RegisterBody>;

export const AccountSummary = Type.Object({ id: Id, username: Type.String(), email: Type.String() });
export const RegisterReply = Type.Object({ message: Type.String(), user: AccountSummary });
export type RegisterReply = Type.Static<typeof RegisterReply>;

export const LoginBody = Type.Object({ email: Email, password: Password });
export type LoginBody = Type.Static<typeof LoginBody>;

export const TokenReply = Type.Object({ token: Type.String() });
export type TokenReply = Type.Static<typeof TokenReply>;

export const EmailBody = Type.Object({ email: Email });
export type EmailBody = Type.Static<typeof EmailBody>;

export const VerifyEmailQuery = Type.Object({ token: Type.Optional(LinkToken) });
export type VerifyEmailQuery = Type.Static<typeof VerifyEmailQuery>;

export const ResetPasswordBody = Type.Object({ token: LinkToken, new_password: Password });
export type ResetPasswordBody = Type.Static<typeof ResetPasswordBody>;

// ── Sessions: one per login, its refresh token in a cookie (README "Sessions") ──
/** A session's public id (its refresh-token family). */
export const SessionId = Type.String({ format: 'uuid' });
export const SessionParams = Type.Object({ id: SessionId });
export type SessionParams = Type.Static<typeof SessionParams>;

export const SessionSummary = Type.Object({
  id: SessionId,
  /** The browser and system read from its User-Agent, e.g. 'Chrome on Linux'. */
  device: Type.String(),
  created_at: Timestamp,
  /** The login or the latest token refresh. */
  last_seen_at: Timestamp,
  /** The session the asking browser is in. */
  current: Type.Boolean(),
});
export type SessionSummary = Type.Static<typeof SessionSummary>;
export const SessionsReply = Type.Object({ sessions: Type.Array(SessionSummary) });
export type SessionsReply = Type.Static<typeof SessionsReply>;
export const SessionsRevokedReply = Type.Object({ message: Type.String(), revoked: Int({ minimum: 0 }) });
export type SessionsRevokedReply = Type.Static<typeof SessionsRevokedReply>;

export const ChangePasswordBody = Type.Object({ current_password: Password, new_password: Password });
export type ChangePasswordBody = Type.Static<typeof ChangePasswordBody>;
/** The message, and a fresh token for this session (every earlier one stopped counting). */
export const ChangePasswordReply = Type.Object({ message: Type.String(), token: Type.String() });
export type ChangePasswordReply = Type.Static<typeof ChangePasswordReply>;

// ── Profiles (docs/product.md#account-screens, #account-entities; spec 2 "Other user's profile") ──────────────
/** docs/product.md#account-screens: a blocked user as the own profile lists them, with the unblock action. */
export const BlockedUser = Type.Object({
  id: Id,
  displayName: Type.String(),
  username: Type.String(),
  profile_image_url: NullableString,
});
export type BlockedUser = Type.Static<typeof BlockedUser>;

/**
 * Profile / user, snake_case. `email`, `blocked_user_ids` and `blocked_users` are on one's own
 * profile only.
 */
export const ProfileUser = Type.Object({
  id: Id,
  username: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  email: Type.Optional(Type.String()),
  profile_image_url: NullableString,
  manual_handicap: Nullable(Type.Number()),
  skill_level: NullableString,
  club_memberships_text: NullableString,
  is_profile_visible: Type.Boolean(),
  availability_status: Type.String(),
  availability_status_message: NullableString,
  blocked_user_ids: Type.Optional(Type.Array(Id)),
  blocked_users: Type.Optional(Type.Array(BlockedUser)),
  role: Type.Enum(ROLES),
  created_at: Timestamp,
});
export type ProfileUser = Type.Static<typeof ProfileUser>;

/** The spec allows several shapes; we answer `{ user, membership }` (membership null until one exists). */
export const ProfileReply = Type.Object({ user: ProfileUser, membership: MembershipResponse });
export type ProfileReply = Type.Static<typeof ProfileReply>;

/**
 * `PUT /profile` (docs/product.md#account-screens, #account-validation): the form's fields. Fields left out keep their value. Their
 * rules (required names, username shape, handicap range and decimals, the enumerations) are
 * answered by the service as 422 field errors in the spec's words, so the schema only caps what is
 * read; the handicap also arrives as text from some clients and is judged by the same rule.
 * `id`, when sent, must be the caller's own.
 */
export const UpdateProfileBody = Type.Object({
  id: Type.Optional(Id),
  username: Type.Optional(Text({ maxLength: REQUEST_TEXT_CAP })),
  first_name: Type.Optional(Nullable(Text({ maxLength: REQUEST_TEXT_CAP }))),
  last_name: Type.Optional(Nullable(Text({ maxLength: REQUEST_TEXT_CAP }))),
  // Judged by the service, not the schema: request coercion would turn null into 0 (or 0 into null).
  manual_handicap: Type.Optional(
    Type.Unknown({
      description: 'A number from -10 to 54 with one decimal, text holding one, or null/"" for none',
    }),
  ),
  skill_level: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  club_memberships_text: Type.Optional(Nullable(Text({ maxLength: REQUEST_TEXT_CAP * 4 }))),
  is_profile_visible: Type.Optional(Type.Boolean()),
  availability_status: Type.Optional(Text({ maxLength: 40 })),
  availability_status_message: Type.Optional(Nullable(Text({ maxLength: REQUEST_TEXT_CAP }))),
  /** null removes the picture; otherwise the current one or one the caller just uploaded. */
  profile_image_url: Type.Optional(Nullable(Text({ maxLength: 2048 }))),
});
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>;

/** The updated profile, in the shape of `GET /profile`. */
export const UpdateProfileReply = ProfileReply;
export type UpdateProfileReply = ProfileReply;

/** `POST|DELETE /profile/block/{id}`: idempotent; answers the person's blocked ids as they now are. */
export const BlockReply = Type.Object({ message: Type.String(), blocked_user_ids: Type.Array(Id) });
export type BlockReply = Type.Static<typeof BlockReply>;

// ── Golfer directory (docs/product.md#account-screens) ──────────────────────────────────────────
export const GolfersQuery = Type.Object({ page: Page, limit: Limit(PAGE_SIZES.playerDiscovery, 50) });
export type GolfersQuery = Type.Static<typeof GolfersQuery>;

/** What the directory shows of a golfer: part of the profile, never the e-mail. */
const GOLFER_FIELDS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'profile_image_url',
  'skill_level',
  'manual_handicap',
  'availability_status',
] as const;
export const GolferListItem = Type.Pick(ProfileUser, GOLFER_FIELDS);
export type GolferListItem = Type.Static<typeof GolferListItem>;

export const GolfersReply = Type.Object({
  users: Type.Array(GolferListItem),
  page: Int(),
  limit: Int(),
  total: Int(),
});
export type GolfersReply = Type.Static<typeof GolfersReply>;

// ── Player discovery (spec 2 "Player Discovery", §7) ──────────────────────
/** A player card: a golfer with their clubs and what their availability says. */
export const PlayerCard = Type.Pick(ProfileUser, [
  ...GOLFER_FIELDS,
  'club_memberships_text',
  'availability_status_message',
]);
export type PlayerCard = Type.Static<typeof PlayerCard>;

export const DiscoveryQuery = Type.Object({
  skill_level: Type.Optional(Type.Union([Type.Literal(''), Type.Enum(SKILL_LEVELS)])),
  /** The filter's "Playing" is the stored "playing" (docs/product.md#community-states); both spellings are accepted. */
  availability_status: Type.Optional(
    Type.Union([
      Type.Literal(''),
      Type.Enum(DISCOVERY_AVAILABILITY_FILTERS),
      Type.Enum(AVAILABILITY_STATUSES),
    ]),
  ),
  limit: Limit(PAGE_SIZES.playerDiscovery, 50),
  offset: Offset,
});
export type DiscoveryQuery = Type.Static<typeof DiscoveryQuery>;

export const DiscoveryReply = Type.Object({
  users: Type.Array(PlayerCard),
  total_count: Int({ minimum: 0 }),
});
export type DiscoveryReply = Type.Static<typeof DiscoveryReply>;

// ── Uploads (docs/product.md#account-calls) ─────────────────────────────────────────────────────
/** `POST /upload/profile-image` (multipart field `image`): where the re-encoded picture is served. */
export const UploadReply = Type.Object({
  url: Type.String(),
  /** The square thumbnail of the same picture, for lists and avatars. */
  thumbnail_url: Type.String(),
});
export type UploadReply = Type.Static<typeof UploadReply>;

// ── Internal calls (service token; never routed by the gateway) ─────────────
/**
 * `POST /internal/accounts`: an account made by the platform: demo data, and claimed coach and venue
 * profiles. Without a username identity makes a free one from the names (or the e-mail's local
 * part). An unverified account gets the verification mail as a registration does. An e-mail that
 * already has an account answers 409 `account_exists`; a username taken, 409 `username_taken`.
 * With `when_taken: 'mail_owner'` (a claim, where a stranger types the address), a taken e-mail is
 * not refused: identity mails the owner that someone tried to use it, makes nothing, and answers 202
 * with an id that looks like a new account's (AccountTakenReply), so the caller can answer as if it
 * had made one and the address's owner is never revealed.
 */
export const CreateAccountBody = Type.Object({
  email: Email,
  username: Type.Optional(Text({ maxLength: REQUEST_TEXT_CAP })),
  /** One of `password` and `password_hash`. */
  password: Type.Optional(Password),
  /**
   * Instead of a password, its argon2id hash in PHC form, of at least identity's own cost: for
   * accounts that share one known password (the demo's, hashed once for every demo person rather
   * than once each). Never with `when_taken: 'mail_owner'`, whose answer takes a hash's time.
   */
  password_hash: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Enum(ROLES, { default: 'member' }),
  first_name: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  last_name: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  skill_level: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  manual_handicap: Type.Optional(Nullable(Type.Number())),
  club_memberships_text: Type.Optional(Nullable(Text({ maxLength: 1000 }))),
  availability_status: Type.Optional(Type.Enum(AVAILABILITY_STATUSES)),
  availability_status_message: Type.Optional(Nullable(Text({ maxLength: 200 }))),
  /** Accounts made by the platform itself (demo data) start verified; claimed ones do not. */
  verified: Type.Boolean({ default: false }),
  when_taken: Type.Optional(Type.Enum(['refuse', 'mail_owner'])),
});
export type CreateAccountBody = Type.Static<typeof CreateAccountBody>;

/** `POST /internal/accounts` with `when_taken: 'mail_owner'` on a taken e-mail: nothing was made. */
export const AccountTakenReply = Type.Object({
  taken: Type.Literal(true),
  /** An id from the accounts' own sequence, never anyone's: what a new account's id looks like. */
  placeholder_user_id: Id,
});
export type AccountTakenReply = Type.Static<typeof AccountTakenReply>;

export const CreateAccountReply = Type.Object({ user: AccountSummary });
export type CreateAccountReply = Type.Static<typeof CreateAccountReply>;

/**
 * `POST /internal/accounts/withdraw`: takes back an account the platform made for a request that
 * then failed (a claim whose own commit failed), so no account is left behind. The caller proves it
 * is that account with the password it was made with (the creation's answer, and so its id, may
 * have been lost on the way); only an account nobody has used goes: unverified and never logged in,
 * otherwise 409 `account_in_use`. No such account, or another password, answers `withdrawn: false`.
 */
export const WithdrawAccountBody = Type.Object({ email: Email, password: Password });
export type WithdrawAccountBody = Type.Static<typeof WithdrawAccountBody>;
export const WithdrawAccountReply = Type.Object({ withdrawn: Type.Boolean() });
export type WithdrawAccountReply = Type.Static<typeof WithdrawAccountReply>;

/**
 * `POST /internal/accounts/names`: the names people gave their own accounts, for a service that
 * shows who asked it for something (the admin claims list's requester, docs/product.md#admin-entities).
 * An account not found is left out; a name never given is null.
 */
export const AccountNamesBody = Type.Object({ user_ids: Type.Array(Id, { maxItems: MAX_LIST_LIMIT }) });
export type AccountNamesBody = Type.Static<typeof AccountNamesBody>;
export const AccountName = Type.Object({ id: Id, first_name: NullableString, last_name: NullableString });
export type AccountName = Type.Static<typeof AccountName>;
export const AccountNamesReply = Type.Object({ accounts: Type.Array(AccountName) });
export type AccountNamesReply = Type.Static<typeof AccountNamesReply>;

/** Users whose earlier tokens were revoked, and the version a token must have now. */
export const TokenVersionsReply = Type.Object({
  versions: Type.Array(Type.Object({ user_id: Id, token_version: Int({ minimum: 0 }) })),
});
export type TokenVersionsReply = Type.Static<typeof TokenVersionsReply>;

/**
 * The memberships identity's copy took within the longest life of an access token: the ones older
 * tokens may still claim otherwise. The gateway loads them at start (and after its bus was away)
 * so the membership gate follows the membership as it is now.
 */
export const MembershipClaimsReply = Type.Object({
  memberships: Type.Array(
    Type.Object({
      user_id: Id,
      membership_status: NullableString,
      membership_ends_at: Nullable(Timestamp),
      membership_version: Int({ minimum: 0 }),
    }),
  ),
});
export type MembershipClaimsReply = Type.Static<typeof MembershipClaimsReply>;
