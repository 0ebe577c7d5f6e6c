import { randomInt } from 'node:crypto';
import type { Clock, EventMeta, EventWriter } from '@linksmate/platform';
import { type AccountName, type AccountSummary, type Static, UserUpdated } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, NewUser, User } from '../../db/types';
import { type UsernameHints, usernameCandidates, usernameStem } from '../../lib/usernames';
import { type ModerationEvent, type SnapshotEvent, UserNotices } from './notify';
import {
  accountNames,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserForUpdate,
  heldUsernames,
  insertUser,
  lockActiveAdmins,
  revokedTokenVersions,
  takenIdentifiers,
  updateUser,
  usernameHeldByOther,
} from './repository';

/** Other modules publish what they change of an account through these, reached like the rest of this module. */
export { type SnapshotEvent, toUserSnapshot, UserNotices } from './notify';
export type { User };

export const toAccountSummary = (user: User): Static<typeof AccountSummary> => ({
  id: user.id,
  username: user.username,
  email: user.email,
});

/** How many usernames one look-up tries, and how many look-ups before random digits. */
const USERNAME_BATCH = 20;
const FREE_USERNAME_ROUNDS = 5;

/**
 * The user aggregate: every change is stored with a new version and published in the same
 * transaction, so the other contexts' projections follow it.
 */
export class UsersService {
  /** How identity's modules publish what they change (the user's events, the mails they ask for). */
  readonly notices: UserNotices;

  constructor(private readonly deps: { runtime: EventWriter<typeof schema>; clock: Clock }) {
    this.notices = new UserNotices(deps.runtime);
  }

  private get db(): Db {
    return this.deps.runtime.db;
  }

  byId(id: number, db: Db = this.db): Promise<User | undefined> {
    return findUserById(db, id);
  }

  /** The user, held to the end of the caller's transaction. */
  byIdForUpdate(tx: Db, id: number): Promise<User | undefined> {
    return findUserForUpdate(tx, id);
  }

  /** How many admins are not banned, their rows held to the end of the caller's transaction. */
  lockActiveAdmins(tx: Db): Promise<number> {
    return lockActiveAdmins(tx);
  }

  /** The names the accounts gave themselves (AccountNamesBody): an id without an account is left out. */
  async names(ids: number[]): Promise<AccountName[]> {
    const rows = await accountNames(this.db, [...new Set(ids)]);
    return rows.map((row) => ({ id: row.id, first_name: row.firstName, last_name: row.lastName }));
  }

  byEmail(email: string, db: Db = this.db, options: { lock?: boolean } = {}): Promise<User | undefined> {
    return findUserByEmail(db, email, options.lock);
  }

  usernameHeldByOther(username: string, exceptId: number, db: Db = this.db): Promise<boolean> {
    return usernameHeldByOther(db, username, exceptId);
  }

  taken(username: string | undefined, email: string): Promise<{ username: boolean; email: boolean }> {
    return takenIdentifiers(this.db, username, email);
  }

  /**
   * Inserts a user and publishes `registered` (and `verified` when the account starts verified).
   * `meta` may depend on the new user, for events the new person caused themselves.
   */
  async create(tx: Db, values: NewUser, meta: EventMeta | ((user: User) => EventMeta)): Promise<User> {
    const created = await insertUser(tx, values);
    const eventMeta = typeof meta === 'function' ? meta(created) : meta;
    await this.notices.registered(tx, created, eventMeta);
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
    await this.notices.changed(tx, changed, event, meta);
    return changed;
  }

  /** Applies a moderator's change and publishes it with what its event adds (a reason, the old role). */
  async moderate(
    tx: Db,
    id: number,
    changes: Partial<NewUser>,
    meta: EventMeta,
    moderation: ModerationEvent,
  ): Promise<User> {
    const changed = await updateUser(tx, id, changes, this.deps.clock());
    await this.notices.moderated(tx, changed, moderation, meta);
    return changed;
  }

  /**
   * A username nobody holds yet, made from the person's names or e-mail (see usernameStem): the
   * first free one. Another account may take it before this one is stored; the unique index then
   * says so and the caller asks again with `anyFree`, which picks among the free ones at random so
   * that several made at once stop meeting on the same name.
   */
  async freeUsername(hints: UsernameHints, options: { anyFree?: boolean } = {}): Promise<string> {
    const stem = usernameStem(hints);
    for (let from = 0; from < FREE_USERNAME_ROUNDS * USERNAME_BATCH; from += USERNAME_BATCH) {
      const candidates = usernameCandidates(stem, from, USERNAME_BATCH);
      const held = await heldUsernames(this.db, candidates);
      const free = candidates.filter((c) => !held.has(c));
      if (free.length) return free[options.anyFree ? randomInt(free.length) : 0]!;
    }
    // A stem held hundreds of times over: random digits end the search.
    return usernameCandidates(stem, 1_000_000 + randomInt(9_000_000), 1)[0]!;
  }

  /** Removes the user and publishes `deleted`; the token version moves on so no token of theirs counts. */
  async remove(tx: Db, user: User, meta: EventMeta): Promise<void> {
    const revokedTokenVersion = user.tokenVersion + 1;
    await deleteUser(tx, user.id, revokedTokenVersion);
    await this.notices.deleted(tx, user, revokedTokenVersion, meta);
  }

  revokedTokenVersions() {
    return revokedTokenVersions(this.db);
  }
}
