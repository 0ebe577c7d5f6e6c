import { conflict, type FieldErrors, HttpError, invalidFields, notFound } from '@linksmate/platform';
import {
  adjustedGrossScore,
  HandicapInputError,
  type HandicapRecord,
  type HandicapReply,
  type HolesPlayed,
  handicapRecord,
  type ImportRoundsBody,
  type ImportRoundsReply,
  type InternalTeeReply,
  latestRoundDay,
  type PartnerSearchQuery,
  type PartnerSearchReply,
  playedHoles,
  type RecordRoundBody,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  type Round,
  type RoundPartner,
  type RoundSummary,
  type RoundsQuery,
  type RoundsReply,
  type RoundsToConfirmReply,
  ratedTeeOf,
  roundErrors,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';
import type { VenuesClient } from '../../lib/venues-client';
import { type Card, cardOf, cardRefusal, hasCard, summaryOf, teeOfRow } from './card';
import { type ConfirmationRequest, RoundNotices } from './notify';
import { handicapOfRounds, RatedTees, RoundRefused, recordedRound, scoreRows } from './record';
import {
  anyPartnerLeft,
  countingRounds,
  decidePartner,
  deleteRound,
  displayName,
  handicapOf,
  insertPartners,
  insertRounds,
  lockPlayer,
  type NewRound,
  ownRounds,
  partnersOf,
  peopleByIds,
  peopleWithRounds,
  type RoundFigures,
  type RoundRow,
  roundById,
  roundsToConfirm,
  searchPeople,
  setRoundStatus,
  upsertHandicaps,
  venueName,
  venueNames,
  writeFigures,
} from './repository';

export interface RoundsDeps extends ModuleContext {
  venues: VenuesClient;
}

const roundNotFound = () => notFound(ROUND_MESSAGES.notFound, 'round_not_found');

/** What a round's card and tee are before it is stored: the columns of a new row. */
type RoundDraft = Omit<NewRound, 'userId' | 'recordedByUserId' | 'status' | 'attested' | 'originRoundId'>;

/**
 * Rounds and the handicap index (docs/product.md#rounds): a person records their round, with their
 * playing partners' cards when they marked them; each partner confirms or rejects their own copy;
 * the index is the WHS record (proto's `handicapRecord`) of the counting rounds, rewritten in the
 * transaction that changes them, so reading it is one row.
 */
export class RoundsService {
  private readonly notices: RoundNotices;

  constructor(private readonly deps: RoundsDeps) {
    this.notices = new RoundNotices(deps.runtime);
  }

  private get db(): Db {
    return this.deps.runtime.db;
  }

  /**
   * The tee a round is entered on, from venues-coaches (docs/architecture.md#courses-are-read-not-projected).
   * A tee that is not there is the `tee_id` field's error; venues-coaches not answering is a 502.
   */
  async readTee(teeId: number, requestId?: string): Promise<InternalTeeReply | null> {
    try {
      return await this.deps.venues.tee(teeId, requestId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    }
  }

  /**
   * Records a round for `recorderId` (docs/product.md#rounds): reads its tee, judges it and writes
   * it, with a copy for each partner to confirm, in one transaction. Refused with 422 and the
   * fields' messages. Other modules record rounds through this (a game's results).
   */
  async recordRound(recorderId: number, body: RecordRoundBody, requestId?: string): Promise<Round> {
    const tee = await this.readTee(body.tee_id, requestId);
    const id = await this.db.transaction((tx) => this.recordRoundIn(tx, recorderId, body, tee));
    return this.round(recorderId, id);
  }

  /**
   * The same in the caller's transaction, with the tee already read (`readTee`; null: not found).
   * Returns the id of the recorder's round.
   */
  async recordRoundIn(
    tx: Db,
    recorderId: number,
    body: RecordRoundBody,
    tee: InternalTeeReply | null,
  ): Promise<number> {
    const now = this.deps.clock();
    const errors: FieldErrors = roundErrors(body, {
      today: latestRoundDay(now),
      recorderId,
      ...(tee ? { courseHoles: tee.course.holes } : {}),
    });
    if (!tee) errors.tee_id = ROUND_MESSAGES.teeNotFound;
    else if (tee.course.id !== body.course_id) errors.tee_id = ROUND_MESSAGES.teeNotOnCourse;
    else if (tee.venue_id !== body.venue_id) errors.course_id = ROUND_MESSAGES.courseNotAtVenue;
    const partners = body.partners ?? [];
    const people = await peopleByIds(tx, [recorderId, ...partners.map((p) => p.user_id)], recorderId);
    partners.forEach((partner, i) => {
      const field = `partners.${i}.user_id`;
      if (!errors[field] && !people.get(partner.user_id)?.active)
        errors[field] = ROUND_MESSAGES.partnerUnknown;
    });
    // venues-coaches names the venue; events-bookings' own copy of it is the fallback.
    const venue = tee ? (tee.venue_name ?? (await venueName(tx, tee.venue_id))) : undefined;
    if (tee && !errors.course_id && venue === undefined) errors.venue_id = ROUND_MESSAGES.courseNotAtVenue;
    if (Object.keys(errors).length || !tee) throw invalidFields(errors);

    const draft = (card: Card): RoundDraft => ({
      venueId: tee.venue_id,
      venueName: venue!,
      courseId: tee.course.id,
      courseName: tee.course.name,
      teeId: tee.tee.id,
      teeName: tee.tee.name,
      teeGender: tee.tee.gender,
      courseRating: tee.tee.course_rating,
      slopeRating: tee.tee.slope_rating,
      teeHoles: tee.tee.holes.map(({ number, par, stroke_index }) => ({ number, par, stroke_index })),
      playedOn: body.played_on.trim(),
      holesPlayed: body.holes_played as HolesPlayed,
      strokes: card.strokes,
      total: card.total,
      pcc: body.pcc ?? 0,
      createdAt: now,
      updatedAt: now,
    });
    const own = draft(cardOf(body));
    const copies = partners.map((partner) => ({ partner, draft: draft(cardOf(partner)) }));
    // The card against the tee and the player's own record: a total within net double bogey, a
    // nine the tee can rate. A round that counts at once is judged as its record is rewritten below
    // (one pass over the record, not two).
    const alone = partners.length === 0;
    if (!alone) await this.checkCard(tx, recorderId, own, '', errors);
    for (const [i, { partner, draft: copy }] of copies.entries()) {
      if (hasCard({ strokes: copy.strokes ?? null, total: copy.total ?? null }))
        await this.checkCard(tx, partner.user_id, copy, `partners.${i}.`, errors);
    }
    if (Object.keys(errors).length) throw invalidFields(errors);

    const [round] = await insertRounds(tx, [
      {
        ...own,
        userId: recorderId,
        recordedByUserId: recorderId,
        status: alone ? 'counting' : 'awaiting_confirmation',
        attested: false,
      },
    ]);
    const copyRows = await insertRounds(
      tx,
      copies.map(({ partner, draft: copy }) => ({
        ...copy,
        userId: partner.user_id,
        recordedByUserId: recorderId,
        originRoundId: round!.id,
        status: 'to_confirm' as const,
        attested: false,
      })),
    );
    await insertPartners(
      tx,
      partners.map((partner) => ({ roundId: round!.id, userId: partner.user_id })),
    );
    const recorderName = displayName(people.get(recorderId));
    for (const copy of copyRows) {
      const request: ConfirmationRequest = {
        copyId: copy.id,
        partnerUserId: copy.userId,
        recorderUserId: recorderId,
        recorderName,
        venueName: copy.venueName,
        courseName: copy.courseName,
        playedOn: copy.playedOn,
        hasCard: hasCard(copy),
      };
      await this.notices.confirmationRequested(tx, request, now);
    }
    if (alone) {
      try {
        await this.recomputeHandicap(tx, recorderId);
      } catch (err) {
        // The card the rules refuse: its field's message, and the transaction (the round) undone.
        if (!(err instanceof RoundRefused)) throw err;
        // Its own card, or a later quick total it would put over its maximum.
        throw invalidFields(
          err.roundId === round!.id ? cardRefusal(err, '') : { played_on: ROUND_MESSAGES.laterTotalRefused },
        );
      }
    }
    return round!.id;
  }

  /**
   * Judges a card by the handicap rules against the player's counting rounds (the index in effect
   * on its day sets each hole's maximum), adding its refusals to `errors` under `prefix`.
   */
  private async checkCard(
    tx: Db,
    userId: number,
    draft: RoundDraft,
    prefix: string,
    errors: FieldErrors,
  ): Promise<void> {
    const rows = await countingRounds(tx, userId);
    const candidate = { ...(draft as RoundRow), id: 0 };
    // In the order played; the candidate after the day's others, as it will be stored.
    const ordered = [...rows, candidate].sort(
      (a, b) => a.playedOn.localeCompare(b.playedOn) || (a.id || Infinity) - (b.id || Infinity),
    );
    try {
      scoreRows(ordered);
    } catch (err) {
      if (!(err instanceof RoundRefused)) throw err;
      Object.assign(
        errors,
        err.roundId === 0 ? cardRefusal(err, prefix) : { played_on: ROUND_MESSAGES.laterTotalRefused },
      );
    }
  }

  /**
   * Rewrites a person's handicap record from their counting rounds, in the caller's transaction and
   * under the person's lock: each round's figures (only those that changed) and the index.
   */
  async recomputeHandicap(tx: Db, userId: number): Promise<HandicapRecord> {
    await lockPlayer(tx, userId);
    const rows = await countingRounds(tx, userId);
    const { record, changed, handicap } = handicapOfRounds(userId, rows, this.deps.clock());
    await writeFigures(tx, changed);
    await upsertHandicaps(tx, [handicap]);
    return record;
  }

  /**
   * The demo's season (`POST /internal/rounds/import`): rounds for people who have none yet, each
   * table written once, their handicaps computed from what was written; a round with a partner waits
   * for them with a copy to confirm, and they are told as when it is recorded.
   */
  async importRounds(body: ImportRoundsBody, requestId?: string): Promise<ImportRoundsReply> {
    const teeIds = [...new Set(body.rounds.map((round) => round.tee_id))];
    const tees = new Map(
      await Promise.all(teeIds.map(async (id) => [id, await this.readTee(id, requestId)] as const)),
    );
    const errors: FieldErrors = {};
    body.rounds.forEach((round, i) => {
      if (!tees.get(round.tee_id)) errors[`rounds.${i}.tee_id`] = ROUND_MESSAGES.teeNotFound;
    });
    if (Object.keys(errors).length) throw invalidFields(errors);
    const now = this.deps.clock();
    return this.db.transaction(async (tx) => {
      const everyone = body.rounds.flatMap((r) => [r.user_id, ...(r.partner ? [r.partner.user_id] : [])]);
      const seeded = await peopleWithRounds(tx, everyone);
      const wanted = body.rounds.filter(
        (r) => !seeded.has(r.user_id) && !(r.partner && seeded.has(r.partner.user_id)),
      );
      if (!wanted.length) return { rounds: 0, handicaps: 0 };
      const names = await venueNames(
        tx,
        [...tees.values()].map((tee) => tee!.venue_id),
      );
      const draftOf = (round: (typeof wanted)[number], strokes: number[]): RoundDraft => {
        const tee = tees.get(round.tee_id)!;
        return {
          venueId: tee.venue_id,
          venueName: tee.venue_name ?? names.get(tee.venue_id) ?? '',
          courseId: tee.course.id,
          courseName: tee.course.name,
          teeId: tee.tee.id,
          teeName: tee.tee.name,
          teeGender: tee.tee.gender,
          courseRating: tee.tee.course_rating,
          slopeRating: tee.tee.slope_rating,
          teeHoles: tee.tee.holes.map(({ number, par, stroke_index }) => ({ number, par, stroke_index })),
          playedOn: round.played_on,
          holesPlayed: round.holes_played,
          strokes,
          total: null,
          pcc: round.pcc ?? 0,
          createdAt: now,
          updatedAt: now,
        };
      };
      const own = await insertRounds(
        tx,
        wanted.map((round) => ({
          ...draftOf(round, round.strokes),
          userId: round.user_id,
          recordedByUserId: round.user_id,
          status: round.partner ? ('awaiting_confirmation' as const) : ('counting' as const),
          attested: false,
        })),
      );
      const withPartner = wanted.flatMap((round, i) => (round.partner ? [{ round, origin: own[i]! }] : []));
      const copies = await insertRounds(
        tx,
        withPartner.map(({ round, origin }) => ({
          ...draftOf(round, round.partner!.strokes),
          userId: round.partner!.user_id,
          recordedByUserId: round.user_id,
          originRoundId: origin.id,
          status: 'to_confirm' as const,
          attested: false,
        })),
      );
      await insertPartners(
        tx,
        withPartner.map(({ round, origin }) => ({ roundId: origin.id, userId: round.partner!.user_id })),
      );
      const people = await peopleByIds(
        tx,
        withPartner.map(({ round }) => round.user_id),
      );
      for (const copy of copies) {
        await this.notices.confirmationRequested(
          tx,
          {
            copyId: copy.id,
            partnerUserId: copy.userId,
            recorderUserId: copy.recordedByUserId,
            recorderName: displayName(people.get(copy.recordedByUserId)),
            venueName: copy.venueName,
            courseName: copy.courseName,
            playedOn: copy.playedOn,
            hasCard: true,
          },
          now,
        );
      }
      const byPerson = new Map<number, RoundRow[]>();
      for (const row of own.filter((r) => r.status === 'counting'))
        byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
      const changed: RoundFigures[] = [];
      const handicaps = [...byPerson].map(([userId, rows]) => {
        rows.sort((a, b) => a.playedOn.localeCompare(b.playedOn) || a.id - b.id);
        const result = handicapOfRounds(userId, rows, now);
        changed.push(...result.changed);
        return result.handicap;
      });
      await writeFigures(tx, changed);
      await upsertHandicaps(tx, handicaps);
      return { rounds: own.length + copies.length, handicaps: handicaps.length };
    });
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

  /**
   * A partner confirms their copy (docs/product.md#rounds): it counts for them (a copy without a card
   * only attests), and the recorder's round counts, attested, from the first confirmation.
   */
  async confirm(userId: number, id: number): Promise<{ round: Round | null }> {
    const kept = await this.db
      .transaction(async (tx) => this.confirmIn(tx, userId, id))
      .catch((err) => {
        // A quick total that its record no longer allows (the index in effect fell since it was entered).
        if (err instanceof RoundRefused) throw conflict(ROUND_MESSAGES.cannotCount, 'round_cannot_count');
        throw err;
      });
    return { round: kept === null ? null : await this.round(userId, kept) };
  }

  private async confirmIn(tx: Db, userId: number, id: number): Promise<number | null> {
    const { copy, origin } = await this.ownCopy(tx, userId, id);
    // Both records change: their locks in one order (by id), so two people confirming each other's
    // rounds at once take turns instead of each holding one lock and waiting for the other's.
    for (const player of [userId, origin.userId].sort((a, b) => a - b)) await lockPlayer(tx, player);
    const now = this.deps.clock();
    await decidePartner(tx, origin.id, userId, 'confirmed', now);
    let keptId: number | null = null;
    if (hasCard(copy)) {
      await setRoundStatus(tx, copy.id, 'counting', true, now);
      await this.recomputeHandicap(tx, userId);
      keptId = copy.id;
    } else {
      await deleteRound(tx, copy.id);
    }
    if (origin.status !== 'counting') {
      await setRoundStatus(tx, origin.id, 'counting', true, now);
      await this.recomputeHandicap(tx, origin.userId);
    } else if (!origin.attested) {
      await setRoundStatus(tx, origin.id, 'counting', true, now);
    }
    return keptId;
  }

  /**
   * A partner rejects their copy: it is gone from their record. The recorder's round stays as it was
   * unless every partner has now rejected it, when it will never count.
   */
  async reject(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { copy, origin } = await this.ownCopy(tx, userId, id);
      const now = this.deps.clock();
      await decidePartner(tx, origin.id, userId, 'rejected', now);
      await deleteRound(tx, copy.id);
      if (origin.status === 'awaiting_confirmation' && !(await anyPartnerLeft(tx, origin.id)))
        await setRoundStatus(tx, origin.id, 'rejected', false, now);
    });
  }

  /**
   * The person's copy waiting for them, locked with the round it was recorded with (the recorder's
   * first, so two partners deciding at once take turns): 404 for another's, 409 once decided.
   */
  private async ownCopy(tx: Db, userId: number, id: number): Promise<{ copy: RoundRow; origin: RoundRow }> {
    const seen = await roundById(tx, id);
    if (!seen || seen.userId !== userId) throw roundNotFound();
    if (seen.originRoundId === null) throw conflict(ROUND_MESSAGES.notToConfirm, 'round_not_to_confirm');
    const origin = await roundById(tx, seen.originRoundId, true);
    const copy = await roundById(tx, id, true);
    if (!copy || !origin) throw roundNotFound();
    if (copy.status !== 'to_confirm') throw conflict(ROUND_MESSAGES.notToConfirm, 'round_not_to_confirm');
    return { copy, origin };
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
