import { ApiErrorSchema, MembershipResponseSchema, Nullable } from '@linksmate/proto';
import Type from 'typebox';

/** Profile / user (spec 1 §3), snake_case. `email` is present on one's own profile only. */
export const ProfileUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  email: Type.Optional(Type.String()),
  profile_image_url: Nullable(Type.String()),
  manual_handicap: Nullable(Type.Number()),
  skill_level: Nullable(Type.String()),
  club_memberships_text: Nullable(Type.String()),
  is_profile_visible: Type.Boolean(),
  availability_status: Type.String(),
  availability_status_message: Nullable(Type.String()),
  blocked_user_ids: Type.Optional(Type.Array(Type.Integer())),
  role: Type.String(),
  created_at: Type.String(),
});

/** Membership (spec 1 §3): the snapshot payments published, null until the user has one. */
export const ProfileMembership = MembershipResponseSchema;

/** We answer the spec's `{user, membership}` shape (it allows others; this is the one we chose). */
export const ProfileReply = Type.Object({ user: ProfileUser, membership: ProfileMembership });
export const ProfileParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ErrorReply = ApiErrorSchema;
