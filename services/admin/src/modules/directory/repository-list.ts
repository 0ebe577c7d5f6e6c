import { PreparedStatements } from '@linksmate/platform';
import { ADMIN_ROLE_LABELS, type AdminRoleLabel, type AdminUserSort, rolesWithLabel } from '@linksmate/proto';
import { and, asc, desc, fillPlaceholders, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { directoryCounts, directoryUsers } from '../../db/schema';
import type { AdminDatabase, Db, DirectoryUser } from '../../db/types';

// User Management's list: its filters and order, its page and counts in one prepared statement, and the whole list for the export.

export interface PeopleFilter {
  search?: string;
  /** A label (user, moderator, admin) or one of our roles. */
  role?: string;
}
export interface PeopleOrder {
  sortBy: AdminUserSort;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  created_at: directoryUsers.createdAt,
  email: directoryUsers.email,
  role: directoryUsers.role,
} as const;

/** LIKE's own characters in what a person typed match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** 'admin' is a label (admin and site_admin) before it is a role, as the filter's menu means it. */
function rolesOf(role: string): string[] {
  return (ADMIN_ROLE_LABELS as readonly string[]).includes(role)
    ? rolesWithLabel(role as AdminRoleLabel)
    : [role];
}

function matching(filter: PeopleFilter): SQL {
  const conditions: SQL[] = [sql`not ${directoryUsers.deleted}`];
  const term = filter.search?.trim().toLowerCase();
  // The same words as the trigram index's expression, so PostgreSQL can use it.
  if (term) conditions.push(sql`${directoryUsers.searchText} like ${`%${likeLiteral(term)}%`}`);
  if (filter.role) conditions.push(inArray(directoryUsers.role, rolesOf(filter.role)));
  return and(...conditions)!;
}

function ordered(order: PeopleOrder) {
  const by = order.direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[order.sortBy]), by(directoryUsers.id)];
}

/** Which of the list's filters are set and how it is sorted: one prepared statement per shape. */
function shapeOf(filter: PeopleFilter, order?: PeopleOrder): string {
  const set = `${searchTerm(filter) ? 's' : ''}${filter.role ? 'r' : ''}` || 'all';
  return order ? `${set}_${order.sortBy}_${order.direction}` : set;
}

const searchTerm = (filter: PeopleFilter) => filter.search?.trim().toLowerCase() || undefined;

/** `matching`, its values as placeholders: the same SQL for every value of one shape. */
function matchingPrepared(filter: PeopleFilter): SQL {
  return and(
    sql`not ${directoryUsers.deleted}`,
    searchTerm(filter) ? sql`${directoryUsers.searchText} like ${sql.placeholder('pattern')}` : undefined,
    filter.role ? sql`${directoryUsers.role} = any(${sql.placeholder('roles')}::text[])` : undefined,
  )!;
}

function valuesOf(filter: PeopleFilter, page?: { limit: number; offset: number }) {
  const term = searchTerm(filter);
  return {
    pattern: term ? `%${likeLiteral(term)}%` : null,
    roles: filter.role ? rolesOf(filter.role) : null,
    ...page,
  };
}

/**
 * An instant as the API writes it (`Date.prototype.toISOString`: UTC, milliseconds, `Z`), written
 * by PostgreSQL: the list's instants go out as read, never parsed into a Date to be written back.
 * `MS` truncates to the millisecond as a Date does.
 */
const isoText = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a row of the list shows (docs/product.md#admin-entities "User (admin list)"), no more: the search text stays behind. */
const listedColumns = {
  id: directoryUsers.id,
  username: directoryUsers.username,
  email: directoryUsers.email,
  firstName: directoryUsers.firstName,
  lastName: directoryUsers.lastName,
  role: directoryUsers.role,
  banned: directoryUsers.banned,
  banReason: directoryUsers.banReason,
  createdAt: isoText(directoryUsers.createdAt),
  lastLoginAt: isoText(directoryUsers.lastLoginAt),
  membershipType: directoryUsers.membershipType,
  membershipStatus: directoryUsers.membershipStatus,
  membershipEndsAt: isoText(directoryUsers.membershipEndsAt),
};

type Instants = 'createdAt' | 'lastLoginAt' | 'membershipEndsAt';

/** A person as the list reads them: its instants as the API's ISO 8601 text. */
export type ListedPerson = Omit<Pick<DirectoryUser, keyof typeof listedColumns>, Instants> & {
  createdAt: string;
  lastLoginAt: string | null;
  membershipEndsAt: string | null;
};

/** How many match and how many of those are banned, as `[total, banned]`, in one column. */
type Counts = [total: number, banned: number];

/** Without a search the trigger-kept totals answer at once; a search counts its matches through the trigram index. */
function countsOf(db: Db, filter: PeopleFilter) {
  if (!searchTerm(filter))
    return db
      .select({
        counts: sql<Counts>`array[
          coalesce(sum(${directoryCounts.people}), 0),
          coalesce(sum(${directoryCounts.people}) filter (where ${directoryCounts.banned}), 0)
        ]::int[]`,
      })
      .from(directoryCounts)
      .where(
        filter.role ? sql`${directoryCounts.role} = any(${sql.placeholder('roles')}::text[])` : undefined,
      );
  return db
    .select({ counts: sql<Counts>`array[count(*), count(*) filter (where ${directoryUsers.banned})]::int[]` })
    .from(directoryUsers)
    .where(matchingPrepared(filter));
}

/**
 * A page, each row carrying the counts: an uncorrelated subquery, run once per statement, so the
 * total costs no second round trip (as identity's directory carries its hidden count).
 */
function pageQuery(db: Db, filter: PeopleFilter, order: PeopleOrder) {
  if (searchTerm(filter)) return searchPageQuery(db, filter, order);
  return db
    .select({ ...listedColumns, counts: sql<Counts>`(${countsOf(db, filter)})` })
    .from(directoryUsers)
    .where(matchingPrepared(filter))
    .orderBy(...ordered(order))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * A search's page. A search's matches come from the trigram index, one heap visit each, and must be
 * sorted whichever order is asked: counting them in a subquery and then finding them again for the
 * page read every match twice, and PostgreSQL, misjudging how many match, walked the sort's index
 * checking each row instead (5 ms a page at 5,000 matches among 100,000). So the matches are read
 * once, narrow (id, sort key, banned), into a CTE that is both counted and sorted, and only the
 * page's 25 rows are read whole.
 */
function searchPageQuery(db: Db, filter: PeopleFilter, order: PeopleOrder) {
  const by = order.direction === 'asc' ? asc : desc;
  // Referenced twice, the CTE is materialized (PostgreSQL 12+): the matches are read once.
  const matched = db
    .$with('matched')
    .as(
      db
        .select({ id: directoryUsers.id, sortKey: SORT_COLUMNS[order.sortBy], banned: directoryUsers.banned })
        .from(directoryUsers)
        .where(matchingPrepared(filter)),
    );
  const pageIds = db.$with('page_ids').as((qb) =>
    qb
      .select({ pageId: sql<number>`${matched.id}`.as('page_id') })
      .from(matched)
      .orderBy(by(matched.sortKey), by(matched.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(matched, pageIds)
    .select({
      ...listedColumns,
      counts: sql<Counts>`(select array[count(*), count(*) filter (where ${matched.banned})]::int[] from ${matched})`,
    })
    .from(directoryUsers)
    .innerJoin(pageIds, sql`${directoryUsers.id} = ${pageIds.pageId}`)
    .orderBy(...ordered(order));
}

/** A page's row as PostgreSQL sends it: `listedColumns` in their order, then the counts. */
type PageRow = [
  id: number,
  username: string,
  email: string,
  firstName: string | null,
  lastName: string | null,
  role: string,
  banned: boolean,
  banReason: string | null,
  createdAt: string,
  lastLoginAt: string | null,
  membershipType: string | null,
  membershipStatus: string | null,
  membershipEndsAt: string | null,
  counts: string,
];

// The counts read as PostgreSQL writes them: every row carries them and only the first row's are
// read (parsing the array on each of 25 rows cost about as much as the rest of the page's parsing).
const INT4_ARRAY = 1007;
const asSent = (value: string) => value;
const readAsText = {
  getTypeParser: (typeId: number, format?: string) =>
    typeId === INT4_ARRAY ? asSent : pg.types.getTypeParser(typeId, format as 'text'),
};
/** `{total,banned}` as PostgreSQL writes an int[]. */
const countsFrom = (text: string) => text.slice(1, -1).split(',').map(Number) as Counts;

function listedPerson(row: PageRow): ListedPerson {
  return {
    id: row[0],
    username: row[1],
    email: row[2],
    firstName: row[3],
    lastName: row[4],
    role: row[5],
    banned: row[6],
    banReason: row[7],
    createdAt: row[8],
    lastLoginAt: row[9],
    membershipType: row[10],
    membershipStatus: row[11],
    membershipEndsAt: row[12],
  };
}

/**
 * One shape of the page, its SQL and parameters built by drizzle once; each request fills in the
 * values and sends it, as a named statement, on the pool itself and reads its rows by position.
 * drizzle's own prepared statement would map each column of each row through its column objects,
 * about a tenth of the CPU a page costs the admin service.
 */
class PageStatement {
  private readonly text: string;
  private readonly params: unknown[];

  constructor(
    private readonly pool: pg.Pool,
    private readonly name: string,
    query: ReturnType<typeof pageQuery>,
  ) {
    const { sql: text, params } = query.toSQL();
    this.text = text;
    this.params = params;
  }

  async execute(values: Record<string, unknown>): Promise<{ rows: ListedPerson[]; counts?: Counts }> {
    const { rows } = await this.pool.query<PageRow>(
      { name: this.name, text: this.text, rowMode: 'array', types: readAsText } as pg.QueryConfig,
      fillPlaceholders(this.params, values),
    );
    const first = rows[0];
    return { rows: rows.map(listedPerson), counts: first && countsFrom(first[13]) };
  }
}

function prepareCount(db: Db, filter: PeopleFilter, name: string) {
  return countsOf(db, filter).prepare(name);
}

/**
 * User Management's list: a page and how many match in one statement, prepared once per shape
 * (which filters are set, the sort), as identity's directory does. The statement is built once per
 * shape, not on every request; on the runtime's `preparedDb` PostgreSQL also parses and plans it
 * once per connection. Only a page with nobody on it counts on its own.
 */
export class PeopleList {
  private readonly pages = new PreparedStatements<PageStatement>('admin_people_page');
  private readonly counts = new PreparedStatements<ReturnType<typeof prepareCount>>('admin_people_count');

  /** `db`: the runtime's `preparedDb`. */
  constructor(private readonly db: AdminDatabase) {}

  async page(
    filter: PeopleFilter,
    order: PeopleOrder,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ListedPerson[]; total: number; banned: number }> {
    const statement = this.pages.get(
      shapeOf(filter, order),
      (name) => new PageStatement(this.db.$client, name, pageQuery(this.db, filter, order)),
    );
    const found = await statement.execute(valuesOf(filter, page));
    const [total, banned] = found.counts ?? (await this.count(filter));
    return { rows: found.rows, total, banned };
  }

  private async count(filter: PeopleFilter): Promise<Counts> {
    const statement = this.counts.get(shapeOf(filter), (name) => prepareCount(this.db, filter, name));
    const [row] = await statement.execute(valuesOf(filter));
    return row?.counts ?? [0, 0];
  }
}

/**
 * Every matching person in the list's order, a batch at a time: each batch starts after the last
 * row of the one before (keyset), so memory stays flat and no offset is re-read however many there are.
 */
export async function* eachPerson(
  db: Db,
  filter: PeopleFilter,
  order: PeopleOrder,
  batchSize = 1000,
): AsyncGenerator<DirectoryUser> {
  const column = SORT_COLUMNS[order.sortBy];
  const after = order.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  let last: DirectoryUser | undefined;
  for (;;) {
    const where = last
      ? and(
          matching(filter),
          sql`(${column}, ${directoryUsers.id}) ${after} (${last[order.sortBy === 'created_at' ? 'createdAt' : order.sortBy]}, ${last.id})`,
        )
      : matching(filter);
    const batch = await db
      .select()
      .from(directoryUsers)
      .where(where)
      .orderBy(...ordered(order))
      .limit(batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    last = batch.at(-1);
  }
}
