import { PreparedStatements } from '@linksmate/platform';
import type { AvailabilityStatus, SkillLevel } from '@linksmate/proto';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { blocks, introducesItself, listedInDirectory, users } from '../../db/schema';
import type { Db } from '../../db/types';

export interface DirectoryFilters {
  skillLevel?: SkillLevel;
  availabilityStatus?: AvailabilityStatus;
}

const viewer = sql.placeholder('viewer');
const skillLevel = sql.placeholder('skillLevel');
const availabilityStatus = sql.placeholder('availabilityStatus');

/** Which filters are set: one prepared statement per shape, each served by its own index. */
function shapeOf(filters: DirectoryFilters): string {
  return `${filters.skillLevel ? 's' : ''}${filters.availabilityStatus ? 'a' : ''}` || 'all';
}

/** The directory under the filters, before anything that depends on who is looking. */
function matching(filters: DirectoryFilters): SQL {
  return and(
    listedInDirectory(users),
    filters.skillLevel ? eq(users.skillLevel, skillLevel) : undefined,
    filters.availabilityStatus ? eq(users.availabilityStatus, availabilityStatus) : undefined,
  )!;
}

/** Everyone the viewer has blocked or been blocked by: evaluated once per query, then a hash lookup. */
const blockedEitherWay = sql`select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewer}
  union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewer}`;

/** What the viewer sees of the directory: never themselves, nobody on either side of a block. */
function seenBy(filters: DirectoryFilters): SQL {
  return and(
    matching(filters),
    sql`${users.id} <> ${viewer}`,
    sql`${users.id} not in (${blockedEitherWay})`,
  )!;
}

/**
 * Of the directory, the people the viewer does not see: themselves, and either side of a block.
 * As an array, so they are looked up by id, one by one, however many the filters match.
 */
const hiddenFromViewer = sql`${users.id} = any(array(select ${viewer}::integer union all ${blockedEitherWay}))`;

/** Introduced profiles first, then the newest; the id makes the order total, so pages never overlap. */
const directoryOrder = [desc(introducesItself(users)), desc(users.createdAt), desc(users.id)];

const golferItem = {
  id: users.id,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  profile_image_url: users.profileImageUrl,
  skill_level: users.skillLevel,
  manual_handicap: users.manualHandicap,
  availability_status: users.availabilityStatus,
};

const playerCard = {
  ...golferItem,
  club_memberships_text: users.clubMembershipsText,
  availability_status_message: users.availabilityStatusMessage,
};

export interface DirectoryPage {
  viewerId: number;
  filters: DirectoryFilters;
  limit: number;
  offset: number;
}

/**
 * The golfer directory's queries, prepared once per filter shape: each page reads one of the
 * directory's partial indexes in its order, so it costs the rows it shows and skips, not the
 * directory's size.
 */
export class DirectoryRepository {
  private readonly cards = new PreparedStatements<ReturnType<typeof prepareCards>>('directory_cards');
  private readonly golfers = new PreparedStatements<ReturnType<typeof prepareGolfers>>('directory_golfers');
  private readonly upTo = new PreparedStatements<ReturnType<typeof prepareCountUpTo>>(
    'directory_count_up_to',
  );
  private readonly all = new PreparedStatements<ReturnType<typeof prepareCountAll>>('directory_count_all');
  private readonly hidden = new PreparedStatements<ReturnType<typeof prepareCountHidden>>(
    'directory_count_hidden',
  );

  /** `db`: the runtime's `preparedDb`, where each of these is planned once. */
  constructor(private readonly db: Db) {}

  /** Player cards of one page of discovery, and how many of the directory the viewer does not see. */
  async playerCards(page: DirectoryPage) {
    const statement = this.cards.get(shapeOf(page.filters), (name) =>
      prepareCards(this.db, page.filters, name),
    );
    return splitHidden(await statement.execute(values(page)));
  }

  /** Golfers of one page of the home page's list (no filters), as `playerCards`. */
  async golferItems(page: Omit<DirectoryPage, 'filters'>) {
    const statement = this.golfers.get('all', (name) => prepareGolfers(this.db, name));
    return splitHidden(await statement.execute(values({ ...page, filters: {} })));
  }

  /** What the viewer sees under the filters, counted up to `cap`. */
  async countUpTo(viewerId: number, filters: DirectoryFilters, cap: number): Promise<number> {
    const statement = this.upTo.get(shapeOf(filters), (name) => prepareCountUpTo(this.db, filters, name));
    const [row] = await statement.execute({ ...values({ viewerId, filters, limit: 0, offset: 0 }), cap });
    return row?.n ?? 0;
  }

  /** The whole directory under the filters, whoever looks. */
  async countAll(filters: DirectoryFilters): Promise<number> {
    const statement = this.all.get(shapeOf(filters), (name) => prepareCountAll(this.db, filters, name));
    const [row] = await statement.execute(values({ viewerId: 0, filters, limit: 0, offset: 0 }));
    return row?.n ?? 0;
  }

  /** Of the directory under the filters, those the viewer does not see: themselves and blocks. */
  async countHiddenFrom(viewerId: number, filters: DirectoryFilters): Promise<number> {
    const statement = this.hidden.get(shapeOf(filters), (name) => prepareCountHidden(this.db, filters, name));
    const [row] = await statement.execute(values({ viewerId, filters, limit: 0, offset: 0 }));
    return row?.n ?? 0;
  }
}

/** A page of discovery in the directory's order, each row with `hiddenFromViewer`. */
function prepareCards(db: Db, filters: DirectoryFilters, name: string) {
  return db
    .select({ ...playerCard, hiddenFromViewer: hiddenFromViewerColumn(db, filters) })
    .from(users)
    .where(seenBy(filters))
    .orderBy(...directoryOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/** A page of the home page's golfers, as `prepareCards`. */
function prepareGolfers(db: Db, name: string) {
  return db
    .select({ ...golferItem, hiddenFromViewer: hiddenFromViewerColumn(db, {}) })
    .from(users)
    .where(seenBy({}))
    .orderBy(...directoryOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * How many of the whole directory (under the filters) the viewer does not see, on every row of a
 * page: the total needs it whenever the list is long, and asked here it costs no second round trip
 * (an uncorrelated subquery, run once per statement).
 */
function hiddenFromViewerColumn(db: Db, filters: DirectoryFilters) {
  return sql<number>`(${countHidden(db, filters)})`.mapWith(Number);
}

function prepareCountUpTo(db: Db, filters: DirectoryFilters, name: string) {
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(seenBy(filters))
    .limit(sql.placeholder('cap'))
    .as('capped');
  return db.select({ n: count() }).from(capped).prepare(name);
}

function prepareCountAll(db: Db, filters: DirectoryFilters, name: string) {
  return db.select({ n: count() }).from(users).where(matching(filters)).prepare(name);
}

function prepareCountHidden(db: Db, filters: DirectoryFilters, name: string) {
  return countHidden(db, filters).prepare(name);
}

/** Someone blocked both ways is one person: a row matches `= any` once, however often it is named. */
function countHidden(db: Db, filters: DirectoryFilters) {
  return db
    .select({ n: count() })
    .from(users)
    .where(and(matching(filters), hiddenFromViewer));
}

/** The rows without the count they carry; the count is unknown when the page is empty. */
function splitHidden<Row extends { hiddenFromViewer: number }>(rows: Row[]) {
  return {
    rows: rows.map(({ hiddenFromViewer: _, ...row }) => row),
    hiddenFromViewer: rows[0]?.hiddenFromViewer,
  };
}

function values(page: DirectoryPage) {
  return {
    viewer: page.viewerId,
    skillLevel: page.filters.skillLevel ?? null,
    availabilityStatus: page.filters.availabilityStatus ?? null,
    limit: page.limit,
    offset: page.offset,
  };
}
