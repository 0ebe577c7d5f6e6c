import type { PartnerDecision, RoundStatus } from '@linksmate/proto';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { blocks, handicaps, roundPartners, rounds, users, venues } from '../../db/schema';
import type { Db } from '../../db/types';

export type RoundRow = typeof rounds.$inferSelect;
export type NewRound = typeof rounds.$inferInsert;
export type HandicapRow = typeof handicaps.$inferSelect;
export type PartnerRow = typeof roundPartners.$inferSelect;

/** The statuses of a player's own list: everything but the copies still waiting for them. */
const LISTED: RoundStatus[] = ['counting', 'awaiting_confirmation', 'rejected'];

/**
 * One player's handicap record is rewritten by one transaction at a time: the lock is held until
 * the transaction ends, so two changes to one person's rounds never write figures from two reads.
 */
export async function lockPlayer(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${HANDICAP_LOCK_SPACE}, ${userId})`);
}
/** The advisory-lock key space of handicap records (the second key is the person's id). */
const HANDICAP_LOCK_SPACE = 2801;

export async function insertRounds(tx: Db, rows: NewRound[]): Promise<RoundRow[]> {
  return rows.length ? tx.insert(rounds).values(rows).returning() : [];
}

export async function insertPartners(tx: Db, rows: Array<typeof roundPartners.$inferInsert>): Promise<void> {
  if (rows.length) await tx.insert(roundPartners).values(rows);
}

export async function roundById(tx: Db, id: number, lock = false): Promise<RoundRow | undefined> {
  const query = tx.select().from(rounds).where(eq(rounds.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A person's counting rounds in the order played (one day's in the order entered). */
export function countingRounds(tx: Db, userId: number): Promise<RoundRow[]> {
  return tx
    .select()
    .from(rounds)
    .where(and(eq(rounds.userId, userId), eq(rounds.status, 'counting')))
    .orderBy(asc(rounds.playedOn), asc(rounds.id));
}

export interface RoundFigures {
  id: number;
  adjustedGrossScore: number;
  differential: number | null;
  indexInEffect: number | null;
  usedInIndex: boolean;
}

/** Writes the handicap record's figures onto the rounds whose figures changed, in one statement. */
export async function writeFigures(tx: Db, figures: RoundFigures[]): Promise<void> {
  if (!figures.length) return;
  await tx.execute(sql`
    update rounds as r set
      adjusted_gross_score = f.ags,
      differential = f.differential,
      index_in_effect = f.index_in_effect,
      used_in_index = f.used
    from (
      select
        unnest(${sql.param(figures.map((f) => f.id))}::int[]) as id,
        unnest(${sql.param(figures.map((f) => f.adjustedGrossScore))}::int[]) as ags,
        unnest(${sql.param(figures.map((f) => f.differential))}::float8[]) as differential,
        unnest(${sql.param(figures.map((f) => f.indexInEffect))}::float8[]) as index_in_effect,
        unnest(${sql.param(figures.map((f) => f.usedInIndex))}::bool[]) as used
    ) as f
    where r.id = f.id`);
}

/** Each person's handicap as their record now gives it, in one statement. */
export async function upsertHandicaps(tx: Db, rows: HandicapRow[]): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(handicaps)
    .values(rows)
    .onConflictDoUpdate({
      target: handicaps.userId,
      set: {
        handicapIndex: sql`excluded.handicap_index`,
        lowIndex: sql`excluded.low_index`,
        cap: sql`excluded.cap`,
        roundsCounted: sql`excluded.rounds_counted`,
        holesCounted: sql`excluded.holes_counted`,
        history: sql`excluded.history`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Which of these people have any round (the demo's import leaves them as they are). */
export async function peopleWithRounds(tx: Db, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await tx
    .selectDistinct({ userId: rounds.userId })
    .from(rounds)
    .where(inArray(rounds.userId, [...new Set(userIds)]));
  return new Set(rows.map((row) => row.userId));
}

export async function venueNames(tx: Db, venueIds: number[]): Promise<Map<number, string>> {
  if (!venueIds.length) return new Map();
  const rows = await tx
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(inArray(venues.id, [...new Set(venueIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function handicapOf(tx: Db, userId: number): Promise<HandicapRow | undefined> {
  const [row] = await tx.select().from(handicaps).where(eq(handicaps.userId, userId));
  return row;
}

/** The kept index of each of these people who has one, by id: one query for a game's players. */
export async function handicapIndexesOf(tx: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await tx
    .select({ userId: handicaps.userId, index: handicaps.handicapIndex })
    .from(handicaps)
    .where(inArray(handicaps.userId, [...new Set(userIds)]));
  return new Map(rows.flatMap((row) => (row.index === null ? [] : [[row.userId, row.index] as const])));
}

/** The player's own rounds, newest first, and how many there are. */
export async function ownRounds(
  tx: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: RoundRow[]; total: number }> {
  const where = and(eq(rounds.userId, userId), inArray(rounds.status, LISTED));
  const [rows, [count]] = await Promise.all([
    tx
      .select()
      .from(rounds)
      .where(where)
      .orderBy(desc(rounds.playedOn), desc(rounds.id))
      .limit(limit)
      .offset(offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(rounds).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The copies waiting for the person to confirm, newest first. */
export function roundsToConfirm(tx: Db, userId: number): Promise<RoundRow[]> {
  return tx
    .select()
    .from(rounds)
    .where(and(eq(rounds.userId, userId), eq(rounds.status, 'to_confirm')))
    .orderBy(desc(rounds.playedOn), desc(rounds.id));
}

export function partnersOf(tx: Db, roundId: number): Promise<PartnerRow[]> {
  return tx
    .select()
    .from(roundPartners)
    .where(eq(roundPartners.roundId, roundId))
    .orderBy(asc(roundPartners.userId));
}

export async function decidePartner(
  tx: Db,
  roundId: number,
  userId: number,
  decision: PartnerDecision,
  now: Date,
): Promise<void> {
  await tx
    .update(roundPartners)
    .set({ decision, decidedAt: now })
    .where(and(eq(roundPartners.roundId, roundId), eq(roundPartners.userId, userId)));
}

export async function setRoundStatus(
  tx: Db,
  id: number,
  status: RoundStatus,
  attested: boolean,
  now: Date,
): Promise<void> {
  await tx.update(rounds).set({ status, attested, updatedAt: now }).where(eq(rounds.id, id));
}

export async function deleteRound(tx: Db, id: number): Promise<void> {
  await tx.delete(rounds).where(eq(rounds.id, id));
}

export interface PersonName {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
}

/** How a person is named on a card: their name, or their username when they gave none. */
export const displayName = (person: PersonName | undefined): string => {
  if (!person) return 'A golfer';
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.username;
};

/**
 * People by id, with whether `viewerId` may name them as a playing partner: not deleted or banned,
 * their profile visible and verified, and no block between them either way (a block is never
 * revealed: such a person is simply not there, docs/product.md#community-permissions).
 */
export async function peopleByIds(
  tx: Db,
  ids: number[],
  viewerId?: number,
): Promise<Map<number, PersonName & { active: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      findable: sql<boolean>`not ${users.deleted} and not ${users.banned} and ${users.profileVisible} and ${users.emailVerified}`,
      blocked:
        viewerId === undefined ? sql<boolean>`false` : sql<boolean>`exists (${blockBetween(viewerId)})`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { ...row, active: row.findable && !row.blocked }]));
}

/** An active block between `viewerId` and the row's person, either way. */
const blockBetween = (viewerId: number) =>
  sql`select 1 from ${blocks} b where b.active and (
    (b.blocker_user_id = ${viewerId} and b.blocked_user_id = ${users.id})
    or (b.blocker_user_id = ${users.id} and b.blocked_user_id = ${viewerId}))`;

/** People to pick as partners: by name or username, findable by the asker (as `peopleByIds` says), not the asker. */
export function searchPeople(
  tx: Db,
  search: string,
  exceptUserId: number,
  limit: number,
): Promise<PersonName[]> {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(
      and(
        ne(users.id, exceptUserId),
        eq(users.deleted, false),
        eq(users.banned, false),
        eq(users.profileVisible, true),
        eq(users.emailVerified, true),
        ne(users.username, ''),
        sql`not exists (${blockBetween(exceptUserId)})`,
        or(
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
          ilike(users.username, like),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

export async function venueName(tx: Db, venueId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ name: venues.name })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.deleted, false)));
  return row?.name;
}

/** Whether any partner of the round has not rejected it. */
export async function anyPartnerLeft(tx: Db, roundId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(roundPartners)
    .where(and(eq(roundPartners.roundId, roundId), notInArray(roundPartners.decision, ['rejected'])));
  return (row?.n ?? 0) > 0;
}
