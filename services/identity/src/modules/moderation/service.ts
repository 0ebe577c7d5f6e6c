import { conflict, type EventMeta, forbidden, notFound, type ServiceRuntime } from '@linksmate/platform';
import {
  ADMIN_MESSAGES,
  type InternalUserReply,
  ROLE_CHANGE_REFUSALS,
  type Role,
  roleChangeRefusal,
  UserBanned,
  UserRoleChanged,
  UserUnbanned,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, User } from '../../db/types';
import type { AuthService } from '../auth/service';
import type { MembershipSnapshots } from '../memberships/service';
import type { UsersService } from '../users/service';

export function toInternalUser(user: User): InternalUserReply {
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role as Role,
    banned: !!user.bannedAt,
    ban_reason: user.banReason,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    version: user.version,
  };
}

interface ModerationDeps {
  runtime: ServiceRuntime<typeof schema>;
  users: UsersService;
  auth: AuthService;
  memberships: MembershipSnapshots;
  clock: () => Date;
}

/**
 * What the admin service asks of identity on a person's account (spec 3 user management): ban,
 * unban, role, deletion, and the two e-mails. Each change is stored and published in one
 * transaction. identity keeps the one rule no caller can check for itself: the platform keeps at
 * least one admin who is not banned, and nobody bans, demotes or deletes themselves.
 */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  private get db(): Db {
    return this.deps.runtime.db;
  }

  ban(userId: number, actorUserId: number, reason: string | null, meta: EventMeta): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await this.target(tx, userId, actorUserId);
      if (user.bannedAt) return user;
      await this.keepAnAdmin(tx, user);
      // A new token version: every token the person holds stops counting at once.
      return this.deps.users.moderate(
        tx,
        user.id,
        {
          bannedAt: this.deps.clock(),
          banReason: reason?.trim() || null,
          tokenVersion: user.tokenVersion + 1,
        },
        meta,
        { event: UserBanned, extra: { reason: reason?.trim() || null } },
      );
    });
  }

  unban(userId: number, meta: EventMeta): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await this.found(tx, userId);
      if (!user.bannedAt) return user;
      return this.deps.users.change(tx, user.id, { bannedAt: null, banReason: null }, meta, UserUnbanned);
    });
  }

  /**
   * Sets the role. Given the asking admin's role, the rule of role changes (proto
   * `roleChangeRefusal`) is applied to the role the person holds now, under their lock.
   */
  changeRole(
    userId: number,
    actor: { user_id: number; role?: Role },
    role: Role,
    meta: EventMeta,
  ): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await this.target(tx, userId, actor.user_id);
      const refusal = actor.role
        ? roleChangeRefusal(
            { user_id: actor.user_id, role: actor.role },
            { user_id: user.id, role: user.role as Role },
            role,
          )
        : null;
      if (refusal) {
        const { status, message, code } = ROLE_CHANGE_REFUSALS[refusal];
        throw status === 409 ? conflict(message, code) : forbidden(message, code);
      }
      if (user.role === role) return user;
      if (role !== 'admin') await this.keepAnAdmin(tx, user);
      // From member every role only adds powers: the person's session goes on and picks the new
      // role up at its next token (claims:changed). Any other change may take powers away, so the
      // tokens that carry them stop counting now.
      const gainsOnly = user.role === 'member';
      const changed = await this.deps.users.moderate(
        tx,
        user.id,
        { role, ...(gainsOnly ? {} : { tokenVersion: user.tokenVersion + 1 }) },
        meta,
        { event: UserRoleChanged, extra: { previous_role: user.role as Role } },
      );
      if (gainsOnly) await this.announceClaims(tx, changed, meta);
      return changed;
    });
  }

  /**
   * An approved claim's role (coach, facility_admin) for a member; someone who already holds a role
   * of their own keeps it (an admin who claims a venue stays an admin).
   */
  grantRole(userId: number, role: Role, meta: EventMeta): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await this.found(tx, userId);
      if (user.role !== 'member' || role === 'member') return user;
      const changed = await this.deps.users.moderate(tx, user.id, { role }, meta, {
        event: UserRoleChanged,
        extra: { previous_role: 'member' },
      });
      await this.announceClaims(tx, changed, meta);
      return changed;
    });
  }

  remove(userId: number, actorUserId: number, meta: EventMeta): Promise<void> {
    return this.db.transaction(async (tx) => {
      const user = await this.target(tx, userId, actorUserId);
      await this.keepAnAdmin(tx, user);
      await this.deps.users.remove(tx, user, meta);
    });
  }

  async sendPasswordReset(userId: number, meta: EventMeta): Promise<User> {
    const user = await this.found(this.db, userId);
    await this.deps.auth.sendPasswordReset(user, meta);
    return user;
  }

  sendEmail(userId: number, mail: { subject: string; message: string }, meta: EventMeta): Promise<User> {
    return this.db.transaction(async (tx) => {
      const user = await this.found(tx, userId);
      await this.deps.users.notices.mail(
        tx,
        user,
        'admin-message',
        { username: user.firstName ?? user.username, subject: mail.subject, message: mail.message },
        meta,
      );
      return user;
    });
  }

  private async found(tx: Db, userId: number): Promise<User> {
    const user = await this.deps.users.byIdForUpdate(tx, userId);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found');
    return user;
  }

  /** The person acted on, held to the end of the transaction; never the one asking. */
  private async target(tx: Db, userId: number, actorUserId: number): Promise<User> {
    if (userId === actorUserId) throw conflict(ADMIN_MESSAGES.notYourself, 'not_yourself');
    return this.found(tx, userId);
  }

  /**
   * Refuses to take the last admin who is not banned. The admins' rows are held until the change
   * is stored, so two admins removing each other at once cannot both succeed.
   */
  private async keepAnAdmin(tx: Db, user: User): Promise<void> {
    if (user.role !== 'admin' || user.bannedAt) return;
    if ((await this.deps.users.lockActiveAdmins(tx)) <= 1)
      throw conflict(ADMIN_MESSAGES.lastAdmin, 'last_admin');
  }

  private async announceClaims(tx: Db, user: User, meta: EventMeta): Promise<void> {
    const claims = await this.deps.memberships.claimsFor(user.id, tx);
    await this.deps.users.notices.claimsChanged(tx, user, claims, this.deps.clock(), meta);
  }
}
