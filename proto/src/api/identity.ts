import Type from 'typebox';
import { PAGE_SIZES, REQUEST_TEXT_CAP, ROLES } from '../rules';
import { Id, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Limit, Page } from './common';
import { MembershipResponse } from './payments';

/**
 * identity's HTTP contract (OWNERSHIP.md): accounts, profiles, the golfer directory and the internal
 * calls other services make. Services declare these schemas on their routes; the web derives its
 * types from them.
 */

const Email = Text({ minLength: 3, maxLength: 254 });
// Length and shape rules are answered as field errors by the service; the schema caps what is read.
const Password = Text({ maxLength: REQUEST_TEXT_CAP });
const LinkToken = Text({ maxLength: 200 });

// ── Accounts (spec 1 §§2.4–2.9, 7) ──────────────────────────────────────────
export const RegisterBody = Type.Object({
  username: Text({ maxLength: REQUEST_TEXT_CAP }),
  email: Email,
  password: Password,
  /** Accepted and ignored: every account starts as a member (spec 1 §5). */
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

// ── Profiles (spec 1 §§2.12, 3; spec 2 "Other user's profile") ──────────────
/** Profile / user, snake_case. `email` and `blocked_user_ids` are on one's own profile only. */
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
  role: Type.Enum(ROLES),
  created_at: Timestamp,
});
export type ProfileUser = Type.Static<typeof ProfileUser>;

/** The spec allows several shapes; we answer `{ user, membership }` (membership null until one exists). */
export const ProfileReply = Type.Object({ user: ProfileUser, membership: MembershipResponse });
export type ProfileReply = Type.Static<typeof ProfileReply>;

// ── Golfer directory (spec 1 §2.3) ──────────────────────────────────────────
export const GolfersQuery = Type.Object({ page: Page, limit: Limit(PAGE_SIZES.playerDiscovery, 50) });
export type GolfersQuery = Type.Static<typeof GolfersQuery>;

/** What the directory shows of a golfer: part of the profile, never the e-mail. */
export const GolferListItem = Type.Pick(ProfileUser, [
  'id',
  'username',
  'first_name',
  'last_name',
  'profile_image_url',
  'skill_level',
  'manual_handicap',
  'availability_status',
]);
export type GolferListItem = Type.Static<typeof GolferListItem>;

export const GolfersReply = Type.Object({
  users: Type.Array(GolferListItem),
  page: Int(),
  limit: Int(),
  total: Int(),
});
export type GolfersReply = Type.Static<typeof GolfersReply>;

// ── Internal calls (service token; never routed by the gateway) ─────────────
/** An account made by the platform: demo data, and claimed coach and venue profiles. */
export const CreateAccountBody = Type.Object({
  email: Email,
  username: Text({ maxLength: REQUEST_TEXT_CAP }),
  password: Password,
  role: Type.Enum(ROLES, { default: 'member' }),
  first_name: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  last_name: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  skill_level: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  manual_handicap: Type.Optional(Nullable(Type.Number())),
  club_memberships_text: Type.Optional(Nullable(Text({ maxLength: 1000 }))),
  /** Accounts made by the platform itself (demo data) start verified; claimed ones do not. */
  verified: Type.Boolean({ default: false }),
});
export type CreateAccountBody = Type.Static<typeof CreateAccountBody>;

export const CreateAccountReply = Type.Object({ user: AccountSummary });
export type CreateAccountReply = Type.Static<typeof CreateAccountReply>;

/** Users whose earlier tokens were revoked, and the version a token must have now. */
export const TokenVersionsReply = Type.Object({
  versions: Type.Array(Type.Object({ user_id: Id, token_version: Int({ minimum: 0 }) })),
});
export type TokenVersionsReply = Type.Static<typeof TokenVersionsReply>;
