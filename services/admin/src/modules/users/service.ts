import { type Clock, conflict, forbidden, HttpError, notFound } from '@linksmate/platform';
import {
  ADMIN_MESSAGES,
  ADMIN_USER_DEFAULT_SORT,
  type AdminGrantBody,
  type AdminRoleLabel,
  type AdminUserActionReply,
  type AdminUsersExportQuery,
  type AdminUsersQuery,
  type AdminUsersReply,
  type BulkActionReply,
  type GrantedMemberships,
  type InternalUserReply,
  isRole,
  ROLE_CHANGE_REFUSALS,
  ROLE_FOR_LABEL,
  ROLE_NAMES,
  type Role,
  roleChangeRefusal,
  roleLabel,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import type { IdentityClient } from '../../lib/identity-client';
import type { PaymentsClient } from '../../lib/payments-client';
import type { Actor, AuditedAction, AuditLog } from '../audit/service';
import { type Directory, type PeopleFilter, type PeopleOrder, toAdminUser } from '../directory/service';
import { usersCsv } from './export';

interface AdminUsersDeps {
  db: Db;
  directory: Directory;
  identity: IdentityClient;
  payments: PaymentsClient;
  audit: AuditLog;
  clock: Clock;
}

/** How many people a bulk action works on at once: enough to be quick, few enough to be gentle. */
const BULK_PARALLEL = 4;

const orderOf = (query: Pick<AdminUsersQuery, 'sort_by' | 'sort_order'>): PeopleOrder => ({
  sortBy: query.sort_by ?? ADMIN_USER_DEFAULT_SORT.sort_by,
  direction: query.sort_order ?? ADMIN_USER_DEFAULT_SORT.sort_order,
});
const filterOf = (query: Pick<AdminUsersQuery, 'search' | 'role'>): PeopleFilter => ({
  search: query.search,
  role: query.role,
});

/**
 * User Management (docs/product.md#admin-sections): the directory, and every action on people. Each action asks the
 * service that owns what it changes (identity for the account, payments for the membership),
 * applies the answer to the directory at once so the next read shows it, and writes an audit entry.
 */
export class AdminUsersService {
  constructor(private readonly deps: AdminUsersDeps) {}

  async list(query: AdminUsersQuery): Promise<AdminUsersReply> {
    const filter = filterOf(query);
    const { rows, total, banned } = await this.deps.directory.page(filter, orderOf(query), {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      users: rows.map(toAdminUser),
      pagination: {
        page: query.page,
        limit: query.limit,
        total_pages: Math.max(1, Math.ceil(total / query.limit)),
        total_count: total,
      },
      banned_count: banned,
    };
  }

  /** The export's CSV: every person the list's filters match, in its order, as they are read. */
  exportCsv(query: AdminUsersExportQuery): AsyncGenerator<string> {
    return usersCsv(this.deps.directory.each(filterOf(query), orderOf(query)));
  }

  ban(actor: Actor, userId: number, reason: string | null, requestId: string): Promise<AdminUserActionReply> {
    return this.onAccount(
      { actor, action: 'ban', targetUserId: userId, details: { reason }, requestId },
      () =>
        this.deps.identity.ban(
          userId,
          {
            actor_user_id: actor.user_id,
            reason,
          },
          requestId,
        ),
      'User banned',
    );
  }

  unban(actor: Actor, userId: number, requestId: string): Promise<AdminUserActionReply> {
    return this.onAccount(
      { actor, action: 'unban', targetUserId: userId, requestId },
      () =>
        this.deps.identity.unban(
          userId,
          {
            actor_user_id: actor.user_id,
          },
          requestId,
        ),
      'User unbanned',
    );
  }

  /**
   * Sets one of our roles (or the role a spec label stands for), if the rule of role changes lets the
   * actor (proto `roleChangeRefusal`); identity checks the same rule again under the person's lock.
   * Done or refused, the audit entry names the role the person had and the one asked for.
   */
  async changeRole(
    actor: Actor,
    userId: number,
    asked: AdminRoleLabel | Role,
    requestId: string,
  ): Promise<AdminUserActionReply> {
    const entry: AuditedAction = {
      actor,
      action: 'change_role',
      targetUserId: userId,
      details: { role: asked },
      requestId,
    };
    const person = await this.deps.directory.find(userId);
    if (!person) return this.refuse(entry, notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found'));
    const from = person.role as Role;
    // Choosing the label a person already has (a coach is a "user") keeps their role as it is.
    const to = isRole(asked) ? asked : roleLabel(from) === asked ? from : ROLE_FOR_LABEL[asked];
    entry.details = { role: asked, from_role: from, to_role: to };
    const refusal = roleChangeRefusal(actor, { user_id: userId, role: from }, to);
    if (refusal) {
      const { status, message, code } = ROLE_CHANGE_REFUSALS[refusal];
      return this.refuse(entry, status === 409 ? conflict(message, code) : forbidden(message, code));
    }
    if (to === from) return { message: 'Role unchanged', user: toAdminUser(person) };
    return this.onAccount(
      entry,
      () =>
        this.deps.identity.setRole(
          userId,
          {
            actor_user_id: actor.user_id,
            // The token's role: one of ours (identity checks the rule of role changes with it).
            actor_role: actor.role as Role,
            role: to,
          },
          requestId,
        ),
      `Role changed to ${ROLE_NAMES[to]}`,
    );
  }

  /** Audits a role change the access check refused (a role without User Management asked). */
  roleChangeDenied(actor: Actor, userId: number, refusal: HttpError, requestId: string): Promise<void> {
    const target = Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647 ? userId : null;
    return this.deps.audit.refused(
      { actor, action: 'change_role', targetUserId: target, requestId },
      refusal,
    );
  }

  sendPasswordReset(actor: Actor, userId: number, requestId: string): Promise<AdminUserActionReply> {
    return this.onAccount(
      { actor, action: 'send_password_reset', targetUserId: userId, requestId },
      () =>
        this.deps.identity.sendPasswordReset(
          userId,
          {
            actor_user_id: actor.user_id,
          },
          requestId,
        ),
      ADMIN_MESSAGES.passwordResetSent,
    );
  }

  sendEmail(
    actor: Actor,
    userId: number,
    mail: { subject: string; message: string },
    requestId: string,
  ): Promise<AdminUserActionReply> {
    return this.onAccount(
      { actor, action: 'send_email', targetUserId: userId, details: { subject: mail.subject }, requestId },
      () =>
        this.deps.identity.sendEmail(
          userId,
          {
            actor_user_id: actor.user_id,
            ...mail,
          },
          requestId,
        ),
      ADMIN_MESSAGES.emailSent,
    );
  }

  async remove(actor: Actor, userId: number, requestId: string): Promise<AdminUserActionReply> {
    const entry = { actor, action: 'delete', targetUserId: userId, requestId };
    await this.attempt(entry, () =>
      this.deps.identity.remove(userId, { actor_user_id: actor.user_id }, requestId),
    );
    await this.deps.db.transaction(async (tx) => {
      await this.deps.directory.deletedNow(tx, userId);
      await this.deps.audit.done(tx, entry);
    });
    return { message: 'User deleted', user: null };
  }

  async grant(
    actor: Actor,
    userId: number,
    grant: AdminGrantBody,
    requestId: string,
  ): Promise<AdminUserActionReply> {
    const entry = {
      actor,
      action: 'grant_membership',
      targetUserId: userId,
      details: { ...grant },
      requestId,
    };
    if (!(await this.deps.directory.find(userId)))
      return this.refuse(entry, notFound(ADMIN_MESSAGES.userNotFound, 'user_not_found'));
    const answer = await this.attempt(entry, () =>
      this.deps.payments.grantMemberships(
        {
          user_ids: [userId],
          ...grant,
        },
        requestId,
      ),
    );
    await this.applyGrants(answer, entry);
    const person = await this.deps.directory.find(userId);
    return { message: 'Membership granted', user: person ? toAdminUser(person) : null };
  }

  /** Bans each person on their own: one refusal (the last admin, oneself, nobody) leaves the rest. */
  async bulkBan(
    actor: Actor,
    userIds: number[],
    reason: string | null,
    requestId: string,
  ): Promise<BulkActionReply> {
    const ids = [...new Set(userIds)];
    const outcomes = new Map<number, string | null>();
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: Math.min(BULK_PARALLEL, ids.length) }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          try {
            await this.ban(actor, id, reason, requestId);
            outcomes.set(id, null);
          } catch (err) {
            outcomes.set(id, errorText(err));
          }
        }
      }),
    );
    return bulkReply(ids, outcomes, 'banned');
  }

  /**
   * Grants one membership to each person found; those not in the directory are reported as such.
   * payments grants the rest in one all-or-nothing call, so a refusal (a bad duration) is theirs all.
   */
  async bulkGrant(
    actor: Actor,
    userIds: number[],
    grant: AdminGrantBody,
    requestId: string,
  ): Promise<BulkActionReply> {
    const ids = [...new Set(userIds)];
    const found = new Set((await this.deps.directory.findMany(ids)).map((p) => p.id));
    const outcomes = new Map<number, string | null>();
    for (const id of ids) if (!found.has(id)) outcomes.set(id, ADMIN_MESSAGES.userNotFound);
    const present = ids.filter((id) => found.has(id));
    const entry = {
      actor,
      action: 'bulk_grant_membership',
      targetUserId: null,
      details: { ...grant, user_ids: present },
      requestId,
    };
    if (present.length) {
      try {
        const answer = await this.attempt(entry, () =>
          this.deps.payments.grantMemberships(
            {
              user_ids: present,
              ...grant,
            },
            requestId,
          ),
        );
        await this.applyGrants(answer, entry);
        for (const id of present) outcomes.set(id, null);
      } catch (err) {
        for (const id of present) outcomes.set(id, errorText(err));
      }
    }
    return bulkReply(ids, outcomes, 'granted a membership');
  }

  /** Asks identity for a change of the account, and applies its answer to the directory. */
  private async onAccount(
    entry: AuditedAction,
    ask: () => Promise<InternalUserReply>,
    message: string,
  ): Promise<AdminUserActionReply> {
    const person = await this.attempt(entry, ask);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.directory.applyPersonNow(tx, person);
      await this.deps.audit.done(tx, entry);
    });
    const stored = await this.deps.directory.find(person.user_id);
    return { message, user: stored ? toAdminUser(stored) : null };
  }

  private async applyGrants(answer: GrantedMemberships, entry: AuditedAction): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      for (const { user_id, membership } of answer.granted) {
        await this.deps.directory.applyMembershipNow(tx, user_id, {
          type: membership?.type ?? null,
          status: membership?.status ?? null,
          endsAt: membership?.ends_at ? new Date(membership.ends_at) : null,
        });
      }
      await this.deps.audit.done(tx, entry);
    });
  }

  private async refuse(entry: AuditedAction, refusal: HttpError): Promise<never> {
    await this.deps.audit.refused(entry, refusal);
    throw refusal;
  }

  /** Runs the owning service's call; a refusal is audited and handed on as it came. */
  private async attempt<T>(entry: AuditedAction, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      await this.deps.audit.refused(entry, err);
      throw err;
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof HttpError ? err.message : 'Something went wrong';
}

function bulkReply(ids: number[], outcomes: Map<number, string | null>, done: string): BulkActionReply {
  const results = ids.map((user_id) => {
    const error = outcomes.get(user_id);
    return error ? { user_id, ok: false, error } : { user_id, ok: true };
  });
  const succeeded = results.filter((r) => r.ok).length;
  const failed = results.length - succeeded;
  const people = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;
  return {
    message: failed
      ? `${people(succeeded)} ${done}; ${people(failed)} not.`
      : `${people(succeeded)} ${done}.`,
    succeeded,
    failed,
    results,
  };
}
