import {
  type Clock,
  conflict,
  type EventMeta,
  invalidFields,
  type ServiceRuntime,
} from '@linksmate/platform';
import {
  type AccountSummary,
  type CreateAccountBody,
  type EventData,
  passwordError,
  type Static,
  UserRegistered,
  type UserSnapshot,
  UserUpdated,
  UserVerified,
  usernameError,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, NewUser, User } from '../../db/types';
import { hashPassword } from '../../lib/passwords';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  revokedTokenVersions,
  takenIdentifiers,
  updateUser,
  usernameHeldByOther,
} from './repository';

export type { User };

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

export const toAccountSummary = (user: User): Static<typeof AccountSummary> => ({
  id: user.id,
  username: user.username,
  email: user.email,
});

/** Events about a user that carry the full snapshot. */
type SnapshotEvent = typeof UserUpdated | typeof UserVerified;

/**
 * The user aggregate: every change is stored with a new version and published in the same
 * transaction, so the other contexts' projections follow it.
 */
export class UsersService {
  constructor(private readonly deps: { runtime: ServiceRuntime<typeof schema>; clock: Clock }) {}

  private get db(): Db {
    return this.deps.runtime.db;
  }

  byId(id: number, db: Db = this.db): Promise<User | undefined> {
    return findUserById(db, id);
  }

  byEmail(email: string, db: Db = this.db): Promise<User | undefined> {
    return findUserByEmail(db, email);
  }

  usernameHeldByOther(username: string, exceptId: number, db: Db = this.db): Promise<boolean> {
    return usernameHeldByOther(db, username, exceptId);
  }

  taken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    return takenIdentifiers(this.db, username, email);
  }

  /**
   * Inserts a user and publishes `registered` (and `verified` when the account starts verified).
   * `meta` may depend on the new user, for events the new person caused themselves.
   */
  async create(tx: Db, values: NewUser, meta: EventMeta | ((user: User) => EventMeta)): Promise<User> {
    const created = await insertUser(tx, values);
    const eventMeta = typeof meta === 'function' ? meta(created) : meta;
    const snapshot = toUserSnapshot(created);
    await this.deps.runtime.publish(tx, [
      this.deps.runtime.event(UserRegistered, snapshot, eventMeta),
      ...(created.emailVerifiedAt ? [this.deps.runtime.event(UserVerified, snapshot, eventMeta)] : []),
    ]);
    return created;
  }

  /** Applies a change and publishes the user as it now is (`updated` unless said otherwise). */
  async change(
    tx: Db,
    id: number,
    changes: Partial<NewUser>,
    meta: EventMeta,
    event: SnapshotEvent = UserUpdated,
  ): Promise<User> {
    const changed = await updateUser(tx, id, changes, this.deps.clock());
    const snapshot: EventData<SnapshotEvent> = toUserSnapshot(changed);
    await this.deps.runtime.publish(tx, this.deps.runtime.event(event, snapshot, meta));
    return changed;
  }

  /**
   * An account made by the platform rather than by the person (demo data, claimed profiles): the
   * same rules as registration, any role.
   */
  async createAccount(input: CreateAccountBody, meta: EventMeta): Promise<Static<typeof AccountSummary>> {
    const problems: Record<string, string> = {};
    const usernameProblem = usernameError(input.username);
    if (usernameProblem) problems.username = usernameProblem;
    const passwordProblem = passwordError(input.password);
    if (passwordProblem) problems.password = passwordProblem;
    if (Object.keys(problems).length) throw invalidFields(problems);
    const taken = await this.taken(input.username, input.email);
    if (taken.email || taken.username)
      throw conflict('An account with this email or username already exists.', 'account_exists');
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.clock();
    const user = await this.db.transaction((tx) =>
      this.create(
        tx,
        {
          email: input.email.trim(),
          username: input.username.trim(),
          passwordHash,
          role: input.role,
          firstName: input.first_name ?? null,
          lastName: input.last_name ?? null,
          skillLevel: input.skill_level ?? null,
          manualHandicap: input.manual_handicap ?? null,
          clubMembershipsText: input.club_memberships_text ?? null,
          availabilityStatus: input.availability_status ?? 'Available',
          availabilityStatusMessage: input.availability_status_message ?? null,
          emailVerifiedAt: input.verified ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        meta,
      ),
    );
    return toAccountSummary(user);
  }

  revokedTokenVersions() {
    return revokedTokenVersions(this.db);
  }
}
