import type { EventMeta, EventWriter } from '@linksmate/platform';
import {
  EmailRequested,
  type EventData,
  type Role,
  type Static,
  type UserBanned,
  UserBlocked,
  UserClaimsChanged,
  UserDeleted,
  UserRegistered,
  type UserRoleChanged,
  type UserSnapshot,
  type UserUnbanned,
  UserUnblocked,
  type UserUpdated,
  UserVerified,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, User } from '../../db/types';

/** The public snapshot other contexts project (identity.user.* events). */
export function toUserSnapshot(user: User): Static<typeof UserSnapshot> {
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    role: user.role as Static<typeof UserSnapshot>['role'],
    skill_level: user.skillLevel,
    manual_handicap: user.manualHandicap,
    availability_status: user.availabilityStatus,
    is_profile_visible: user.isProfileVisible,
    email_verified: !!user.emailVerifiedAt,
    banned: !!user.bannedAt,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    token_version: user.tokenVersion,
    version: user.version,
  };
}

/** Events about a user that carry the full snapshot and nothing else. */
export type SnapshotEvent = typeof UserUpdated | typeof UserVerified | typeof UserUnbanned;
/** What the moderation events add to the snapshot. */
export type ModerationEvent =
  | { event: typeof UserBanned; extra: { reason: string | null } }
  | { event: typeof UserRoleChanged; extra: { previous_role: Role } };

/** What a token says of a person's membership, as `identity.user.claims-changed` carries it. */
type MembershipClaimsFacts = Pick<
  EventData<typeof UserClaimsChanged>,
  'membership_status' | 'membership_ends_at' | 'membership_version'
>;

/**
 * What identity tells the rest of the platform about an account, and the mails it asks for, each
 * written to the outbox in the caller's transaction. Every module of identity publishes through this.
 */
export class UserNotices {
  constructor(private readonly runtime: EventWriter<typeof schema>) {}

  /** A new account: `registered`, and `verified` too when it starts verified. */
  registered(tx: Db, user: User, meta: EventMeta): Promise<void> {
    const snapshot = toUserSnapshot(user);
    return this.runtime.publish(tx, [
      this.runtime.event(UserRegistered, snapshot, meta),
      ...(user.emailVerifiedAt ? [this.runtime.event(UserVerified, snapshot, meta)] : []),
    ]);
  }

  /** The user as the change left them, under the event that names the change. */
  changed(tx: Db, user: User, event: SnapshotEvent, meta: EventMeta): Promise<void> {
    const snapshot: EventData<SnapshotEvent> = toUserSnapshot(user);
    return this.runtime.publish(tx, this.runtime.event(event, snapshot, meta));
  }

  /** A moderator's change, with what its event adds to the snapshot (a reason, the old role). */
  moderated(tx: Db, user: User, moderation: ModerationEvent, meta: EventMeta): Promise<void> {
    const data = { ...toUserSnapshot(user), ...moderation.extra };
    return this.runtime.publish(
      tx,
      this.runtime.event(moderation.event as typeof UserBanned, data as EventData<typeof UserBanned>, meta),
    );
  }

  /** The account is gone; `tokenVersion` is the one no token of theirs reaches. */
  deleted(tx: Db, user: User, tokenVersion: number, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        UserDeleted,
        { user_id: user.id, token_version: tokenVersion, version: user.version + 1 },
        meta,
      ),
    );
  }

  /** The person's next token says something new (a role gained, a membership changed). */
  claimsChanged(
    tx: Db,
    user: User,
    claims: MembershipClaimsFacts,
    changedAt: Date,
    meta: EventMeta,
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        UserClaimsChanged,
        {
          user_id: user.id,
          role: user.role as Role,
          ...claims,
          token_version: user.tokenVersion,
          changed_at: changedAt.toISOString(),
        },
        meta,
      ),
    );
  }

  blocked(tx: Db, blockerId: number, blockedId: number, blockedAt: Date, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        UserBlocked,
        { blocker_user_id: blockerId, blocked_user_id: blockedId, blocked_at: blockedAt.toISOString() },
        meta,
      ),
    );
  }

  unblocked(tx: Db, blockerId: number, blockedId: number, unblockedAt: Date, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        UserUnblocked,
        {
          blocker_user_id: blockerId,
          blocked_user_id: blockedId,
          unblocked_at: unblockedAt.toISOString(),
        },
        meta,
      ),
    );
  }

  /** A mail to the account's address, rendered by messaging from `template` (services/messaging/src/modules/email/templates.ts). */
  mail(
    tx: Db,
    to: Pick<User, 'id' | 'email'>,
    template: string,
    variables: EventData<typeof EmailRequested>['variables'],
    meta: EventMeta,
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(EmailRequested, { to: to.email, template, user_id: to.id, variables }, meta),
    );
  }
}
