import { conflict, type FieldErrors, HttpError, invalidFields } from '@linksmate/platform';
import {
  type HandicapRecord,
  type HolesPlayed,
  type ImportRoundsBody,
  type ImportRoundsReply,
  type InternalTeeReply,
  latestRoundDay,
  type RecordRoundBody,
  ROUND_MESSAGES,
  type Round,
  roundErrors,
} from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';
import type { VenuesClient } from '../../lib/venues-client';
import { type Card, cardOf, cardRefusal, hasCard, type RoundDraft, teeColumns } from './card';
import { importSeason } from './import';
import { type ConfirmationRequest, RoundNotices } from './notify';
import { RoundReads, roundNotFound } from './reads';
import { handicapOfRounds, RoundRefused, scoreRows } from './record';
import {
  anyPartnerLeft,
  countingRounds,
  decidePartner,
  deleteRound,
  displayName,
  insertPartners,
  insertRounds,
  lockPlayer,
  peopleByIds,
  type RoundRow,
  roundById,
  setRoundStatus,
  upsertHandicaps,
  venueName,
  writeFigures,
} from './repository';

export interface RoundsDeps extends ModuleContext {
  venues: VenuesClient;
}

/**
 * Rounds and the handicap index (docs/product.md#rounds): a person records their round, with their
 * playing partners' cards when they marked them; each partner confirms or rejects their own copy;
 * the index is the WHS record (proto's `handicapRecord`) of the counting rounds, rewritten in the
 * transaction that changes them, so reading it is one row.
 */
export class RoundsService {
  private readonly notices: RoundNotices;
  /** What a person reads of their rounds; the routes and results read through it. */
  readonly reads: RoundReads;

  constructor(private readonly deps: RoundsDeps) {
    this.notices = new RoundNotices(deps.runtime);
    this.reads = new RoundReads(deps);
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
    return this.reads.round(recorderId, id);
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
      ...teeColumns(tee, venue!),
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

  /** The demo's season (`POST /internal/rounds/import`): its tees read and checked, then `importSeason`. */
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
    return importSeason(this.db, this.notices, this.deps.clock(), tees, body);
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
    return { round: kept === null ? null : await this.reads.round(userId, kept) };
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
}
