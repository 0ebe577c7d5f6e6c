import {
  type AdminUser,
  type EventData,
  type InternalUserReply,
  type MembershipChanged,
  membershipBadge,
  type Role,
  roleLabel,
  type Static,
  type UserDeleted,
  type UserSnapshot,
} from '@linksmate/proto';
import type { AdminDatabase, Db, DirectoryUser } from '../../db/types';
import {
  applyMembership,
  applyMembershipNow,
  countByMembershipStatus,
  countJoinedByMonth,
  eachPerson,
  findPeopleByIds,
  findPerson,
  type ListedPerson,
  type MembershipFacts,
  markPersonDeleted,
  type PeopleFilter,
  PeopleList,
  type PeopleOrder,
  type PersonRow,
  upsertPerson,
} from './repository';

export type { PeopleFilter, PeopleOrder };

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
/** An instant as the API writes it; the list's come as that text already. */
const iso = (value: Date | string | null) =>
  value === null || typeof value === 'string' ? value : value.toISOString();

/** A person as the admin list shows them (docs/product.md#admin-entities "User (admin list)"). */
export function toAdminUser(row: ListedPerson | DirectoryUser): AdminUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    username: row.username,
    role: roleLabel(row.role as Role),
    account_role: row.role as Role,
    membership_type: membershipBadge(row.membershipType, row.membershipStatus),
    membership_status: row.membershipStatus,
    membership_ends_at: iso(row.membershipEndsAt),
    created_at: iso(row.createdAt),
    last_login_at: iso(row.lastLoginAt),
    banned: row.banned,
    ban_reason: row.banReason,
  };
}

/** What identity says of a person (an event's snapshot, or a command's answer), as a row. */
export function personRow(
  person: Pick<
    InternalUserReply,
    | 'user_id'
    | 'username'
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'role'
    | 'banned'
    | 'created_at'
    | 'last_login_at'
    | 'version'
  > & { ban_reason?: string | null },
): PersonRow {
  return {
    id: person.user_id,
    username: person.username,
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    role: person.role,
    banned: person.banned,
    // Snapshots other than a ban's do not carry the reason: an unbanned person has none.
    banReason: person.banned ? (person.ban_reason ?? null) : null,
    createdAt: new Date(person.created_at),
    lastLoginAt: date(person.last_login_at),
    userVersion: person.version,
  };
}

/**
 * The user directory (docs/architecture.md#who-owns-what): kept from identity's and payments' events, and from
 * what an admin action's answer says at once (the events that follow say the same, and versions
 * keep an older one from rolling it back).
 */
export class Directory {
  private readonly list: PeopleList;

  /** `readDb` serves the list (its statements prepared once: the runtime's `preparedDb`). */
  constructor(
    private readonly db: AdminDatabase,
    readDb: AdminDatabase = db,
  ) {
    this.list = new PeopleList(readDb);
  }

  find(id: number, db: Db = this.db): Promise<DirectoryUser | undefined> {
    return findPerson(db, id);
  }

  findMany(ids: number[]): Promise<DirectoryUser[]> {
    return findPeopleByIds(this.db, ids);
  }

  /** A page of the list, how many match and how many of those are banned. */
  page(filter: PeopleFilter, order: PeopleOrder, page: { limit: number; offset: number }) {
    return this.list.page(filter, order, page);
  }

  /** Everyone by membership status (as payments said it; null: none), and how many are banned. */
  membershipCounts() {
    return countByMembershipStatus(this.db);
  }

  /** How many joined in [since, until), by month (`YYYY-MM`) in the time zone given. */
  joinedByMonth(since: Date, until: Date, timeZone: string) {
    return countJoinedByMonth(this.db, since, until, timeZone);
  }

  /** Every matching person in order, read a batch at a time. */
  each(filter: PeopleFilter, order: PeopleOrder): AsyncGenerator<DirectoryUser> {
    return eachPerson(this.db, filter, order);
  }

  applyPersonNow(tx: Db, person: Parameters<typeof personRow>[0]): Promise<void> {
    return upsertPerson(tx, personRow(person));
  }

  applyMembershipNow(tx: Db, userId: number, membership: MembershipFacts): Promise<void> {
    return applyMembershipNow(tx, userId, membership);
  }

  /** Deleted by an admin: gone from the list before identity's event says so. */
  async deletedNow(tx: Db, userId: number): Promise<void> {
    const person = await findPerson(tx, userId);
    await markPersonDeleted(tx, userId, (person?.userVersion ?? 0) + 1);
  }

  async applyUser(tx: Db, snapshot: Static<typeof UserSnapshot> & { reason?: string | null }): Promise<void> {
    await upsertPerson(tx, personRow({ ...snapshot, ban_reason: snapshot.reason }));
  }

  async userDeleted(tx: Db, data: EventData<typeof UserDeleted>): Promise<void> {
    await markPersonDeleted(tx, data.user_id, data.version);
  }

  async membershipChanged(tx: Db, data: EventData<typeof MembershipChanged>): Promise<void> {
    const m = data.membership;
    await applyMembership(
      tx,
      data.user_id,
      { type: m.type, status: m.status, endsAt: date(m.ends_at ?? m.current_period_ends_at) },
      data.version,
    );
  }
}
