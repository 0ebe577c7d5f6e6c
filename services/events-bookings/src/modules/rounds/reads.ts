import { notFound } from '@linksmate/platform';
import {
  adjustedGrossScore,
  HandicapInputError,
  type HandicapRecord,
  type HandicapReply,
  handicapRecord,
  type PartnerSearchQuery,
  type PartnerSearchReply,
  playedHoles,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  type Round,
  type RoundPartner,
  type RoundSummary,
  type RoundsQuery,
  type RoundsReply,
  type RoundsToConfirmReply,
  ratedTeeOf,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';
import { hasCard, summaryOf, teeOfRow } from './card';
import { RatedTees, recordedRound } from './record';
import {
  countingRounds,
  displayName,
  handicapIndexesOf,
  handicapOf,
  ownRounds,
  partnersOf,
  peopleByIds,
  type RoundRow,
  roundById,
  roundsToConfirm,
  searchPeople,
} from './repository';

export const roundNotFound = () => notFound(ROUND_MESSAGES.notFound, 'round_not_found');

/**
 * What a person reads of their rounds (docs/product.md#rounds): the kept index, the list, the
 * copies to confirm, one round with its card, and the partners they may name. Nothing here writes.
 */
export class RoundReads {
  constructor(private readonly ctx: ModuleContext) {}

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  /** The person's handicap as their counting rounds last left it. */
  async handicap(userId: number): Promise<HandicapReply> {
    const row = await handicapOf(this.db, userId);
    return {
      index: row?.handicapIndex ?? null,
      low_index: row?.lowIndex ?? null,
      cap: row?.cap ?? null,
      rounds_counted: row?.roundsCounted ?? 0,
      holes_counted: row?.holesCounted ?? 0,
      history: row?.history ?? [],
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  /** The kept indexes of these people, by id (those without one left out). */
  indexesOf(userIds: number[]): Promise<Map<number, number>> {
    return handicapIndexesOf(this.db, userIds);
  }

  async list(userId: number, query: RoundsQuery): Promise<RoundsReply> {
    const limit = query.limit ?? ROUND_LIMITS.pageSize;
    const offset = query.offset ?? 0;
    const { rows, total } = await ownRounds(this.db, userId, limit, offset);
    return { rounds: await this.summaries(rows), total, limit, offset };
  }

  async toConfirm(userId: number): Promise<RoundsToConfirmReply> {
    return { rounds: await this.summaries(await roundsToConfirm(this.db, userId)) };
  }

  private async summaries(rows: RoundRow[]): Promise<RoundSummary[]> {
    const people = await peopleByIds(
      this.db,
      rows.map((row) => row.recordedByUserId),
    );
    return rows.map((row) => summaryOf(row, displayName(people.get(row.recordedByUserId))));
  }

  /** One of the person's own rounds with its card; another's id answers 404. */
  async round(userId: number, id: number): Promise<Round> {
    const row = await roundById(this.db, id);
    if (!row || row.userId !== userId) throw roundNotFound();
    const groupId = row.originRoundId ?? row.id;
    const partners = await partnersOf(this.db, groupId);
    const people = await peopleByIds(this.db, [row.recordedByUserId, ...partners.map((p) => p.userId)]);
    const figures = row.status === 'counting' || !hasCard(row) ? row : await this.preview(row);
    const tee = teeOfRow(row);
    const rated = ratedTeeOf(tee);
    const holes = playedHoles(tee, row.holesPlayed);
    const adjusted =
      row.strokes && figures.adjustedGrossScore !== null
        ? adjustedGrossScore(rated, row.holesPlayed, row.strokes, figures.indexInEffect).holes
        : null;
    const partnerList: RoundPartner[] = partners.map((partner) => ({
      user_id: partner.userId,
      name: displayName(people.get(partner.userId)),
      decision: partner.decision,
    }));
    return {
      ...summaryOf({ ...row, ...figures }, displayName(people.get(row.recordedByUserId))),
      course_id: row.courseId,
      tee_id: row.teeId,
      par: holes.reduce((sum, hole) => sum + hole.par, 0),
      course_rating: row.holesPlayed === 'all' ? rated.courseRating : rated[row.holesPlayed]!.courseRating,
      slope_rating: row.slopeRating,
      pcc: row.pcc,
      index_in_effect: figures.indexInEffect,
      holes: holes.map((hole, i) => ({
        ...hole,
        strokes: row.strokes?.[i] ?? null,
        maximum: adjusted?.[i]?.maximum ?? null,
        adjusted: adjusted?.[i]?.adjusted ?? null,
      })),
      partners: partnerList,
      created_at: row.createdAt.toISOString(),
    };
  }

  /**
   * What a round that does not count yet would count for now, beside the player's counting rounds.
   * Rounds counted since it was entered can leave its quick total beyond what the record now allows:
   * it is then shown without figures (it could not count as it stands), never refused.
   */
  private async preview(row: RoundRow): Promise<Pick<RoundRow, FigureColumns>> {
    const tees = new RatedTees();
    const counting = (await countingRounds(this.db, row.userId)).map((r) => recordedRound(r, tees));
    let record: HandicapRecord;
    try {
      record = handicapRecord([...counting, recordedRound(row, tees)]);
    } catch (err) {
      if (!(err instanceof HandicapInputError)) throw err;
      return { adjustedGrossScore: null, differential: null, indexInEffect: null, usedInIndex: false };
    }
    const scored = record.rounds.find((round) => round.id === String(row.id))!;
    return {
      adjustedGrossScore: scored.adjustedGrossScore,
      differential: scored.differential,
      indexInEffect: scored.indexInEffect,
      usedInIndex: false,
    };
  }

  /** LinksMate people to play with, by name: signed-in people pick their partners from these. */
  async partners(userId: number, query: PartnerSearchQuery): Promise<PartnerSearchReply> {
    const search = (query.search ?? '').trim();
    if (!search) return { people: [] };
    const found = await searchPeople(this.db, search, userId, ROUND_LIMITS.partnerMatches);
    return { people: found.map((person) => ({ user_id: person.id, name: displayName(person) })) };
  }
}

type FigureColumns = 'adjustedGrossScore' | 'differential' | 'indexInEffect' | 'usedInIndex';
