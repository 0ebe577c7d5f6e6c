import Type from 'typebox';
import { ROLES } from '../rules';
import { AggregateVersion, Id, Int, Nullable, NullableString, NullableTimestamp, Timestamp } from '../schema';
import { defineEvent } from './registry';

const Role = Type.Enum(ROLES);

/**
 * The public snapshot of a user that other contexts project. Every identity.user.* event carries
 * the user's token version, so the gateway learns when earlier tokens stop counting.
 */
export const UserSnapshot = Type.Object({
  user_id: Id,
  username: Type.String(),
  email: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  profile_image_url: NullableString,
  role: Role,
  skill_level: NullableString,
  manual_handicap: Nullable(Type.Number()),
  availability_status: NullableString,
  is_profile_visible: Type.Boolean(),
  email_verified: Type.Boolean(),
  banned: Type.Boolean(),
  created_at: Timestamp,
  last_login_at: NullableTimestamp,
  token_version: Int({ minimum: 0 }),
  version: AggregateVersion,
});

export const UserRegistered = defineEvent('identity.user.registered', 1, UserSnapshot);
export const UserVerified = defineEvent('identity.user.verified', 1, UserSnapshot);
export const UserUpdated = defineEvent('identity.user.updated', 1, UserSnapshot);
export const UserBanned = defineEvent(
  'identity.user.banned',
  1,
  Type.Object({ ...UserSnapshot.properties, reason: NullableString }),
);
export const UserUnbanned = defineEvent('identity.user.unbanned', 1, UserSnapshot);
export const UserRoleChanged = defineEvent(
  'identity.user.role-changed',
  1,
  Type.Object({ ...UserSnapshot.properties, previous_role: Role }),
);
export const UserDeleted = defineEvent(
  'identity.user.deleted',
  1,
  Type.Object({ user_id: Id, token_version: Int({ minimum: 0 }), version: AggregateVersion }),
);
export const UserBlocked = defineEvent(
  'identity.user.blocked',
  1,
  Type.Object({ blocker_user_id: Id, blocked_user_id: Id, blocked_at: Timestamp }),
);
/**
 * identity's tokens now carry new claims for this person (a membership or role change reached its
 * snapshot). Published after the change is applied, so a token asked for on hearing it has them;
 * the gateway pushes it to the person's socket.
 */
export const UserClaimsChanged = defineEvent(
  'identity.user.claims-changed',
  1,
  Type.Object({
    user_id: Id,
    role: Role,
    membership_status: NullableString,
    membership_ends_at: NullableTimestamp,
    /**
     * The version of the membership these claims come from (payments' snapshot version), null
     * when the person has none: whoever keeps the current membership from these events keeps the
     * highest version, whatever order they arrive in.
     */
    membership_version: Type.Optional(Nullable(Int({ minimum: 0 }))),
    token_version: Int({ minimum: 0 }),
    changed_at: Timestamp,
  }),
);
export const UserUnblocked = defineEvent(
  'identity.user.unblocked',
  1,
  Type.Object({ blocker_user_id: Id, blocked_user_id: Id, unblocked_at: Timestamp }),
);

/**
 * A request to send one e-mail. Its own routing key, bound only by messaging, because links in it
 * carry secrets (docs/architecture.md#events).
 */
export const EmailRequested = defineEvent(
  'notifications.email.requested',
  1,
  Type.Object({
    to: Type.String({ minLength: 3 }),
    template: Type.String({ minLength: 1 }),
    variables: Type.Record(
      Type.String(),
      Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    ),
    user_id: Nullable(Id),
  }),
);

/** The events that carry a user's full snapshot: what projections of users consume. */
export const userSnapshotEvents = [
  UserRegistered,
  UserVerified,
  UserUpdated,
  UserBanned,
  UserUnbanned,
  UserRoleChanged,
] as const;

export const identityEvents = [
  ...userSnapshotEvents,
  UserDeleted,
  UserBlocked,
  UserUnblocked,
  UserClaimsChanged,
  EmailRequested,
];

/** The events that carry a user's current token version: a token with an older one no longer counts. */
export const tokenVersionEvents = [...userSnapshotEvents, UserDeleted, UserClaimsChanged] as const;
