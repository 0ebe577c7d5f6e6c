import {
  conflict,
  type EventMeta,
  type FieldErrors,
  forbidden,
  invalidFields,
  notFound,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  INT4_MAX,
  latestRoundDay,
  type OpenScoringBody,
  type RecordResultRoundReply,
  type RecordRoundBody,
  type ResultFormat,
  type ResultsReply,
  type ScoreCardBody,
} from '@linksmate/proto';
import {
  cardErrors,
  DEFAULT_RESULT_FORMAT,
  RESULT_MESSAGES,
  RESULTS_POSTED_PLACES,
  resultsLink,
} from '@linksmate/proto/rules/results';
import type { ModuleContext } from '../../context';
import type { ScoringTeeCopy } from '../../db/schema';
import type { Db, EventRow } from '../../db/types';
import { canEdit } from '../events/service';
import type { Projections } from '../projections/service';
import type { RoundsService } from '../rounds/service';
import { ResultNotices } from './notify';
import { playerRowsOf, rankingsReply } from './replies';
import {
  cardOf,
  cardsOf,
  closeScoring,
  insertScoring,
  type PlayerRow,
  playersOf,
  resultsEvent,
  scoringOf,
  setCardRound,
  upsertCard,
} from './repository';
import { isResultFormat, playingHandicapOn, rankingsOf, teeOf } from './rules';

export type Caller = AccessTokenClaims;

const eventNotFound = () => notFound(RESULT_MESSAGES.eventNotFound, 'event_not_found');
const notOrganiser = () => forbidden(RESULT_MESSAGES.notOrganiser, 'not_organiser');

/** A player's index for scoring and where it came from (docs/product.md#results). */
export interface PlayerIndex {
  index: number | null;
  source: 'linksmate' | 'profile' | null;
}

const playerName = (player: PlayerRow) =>
  [player.firstName, player.lastName].filter(Boolean).join(' ') || player.username;

/**
 * Game results (docs/product.md#results): the organiser of a member game or an official event opens
 * scoring once it has started, picking its tees (copied from venues-coaches); confirmed players
 * enter their own cards and the organiser anyone's; closing makes the results final and publishes
 * them (messaging posts them into the event's chat). Scores come from proto's handicap module.
 */
export class ResultsService {
  private readonly notices: ResultNotices;

  constructor(private readonly ctx: ModuleContext & { projections: Projections; rounds: RoundsService }) {
    this.notices = new ResultNotices(ctx.runtime);
  }

  /**
   * The index a player is scored with: their LinksMate WHS index (the rounds module's) once they
   * have one, else the handicap on their profile, else none (scratch).
   */
  private async indexOf(player: PlayerRow): Promise<PlayerIndex> {
    return (await this.indexesOf([player]))(player);
  }

  /** `indexOf` for a game's players, their kept indexes read in one query. */
  private async indexesOf(players: PlayerRow[]): Promise<(player: PlayerRow) => PlayerIndex> {
    const indexes = await this.ctx.rounds.reads.indexesOf(players.map((player) => player.userId));
    return (player) => {
      const index = indexes.get(player.userId);
      if (index !== undefined) return { index, source: 'linksmate' };
      return player.manualHandicap === null
        ? { index: null, source: null }
        : { index: player.manualHandicap, source: 'profile' };
    };
  }

  private get db(): Db {
    return this.ctx.runtime.db;
  }

  private async event(db: Db, eventId: number) {
    const found = await resultsEvent(db, eventId);
    if (!found) throw eventNotFound();
    return found;
  }

  private organiser(db: Db, caller: Caller, event: EventRow): Promise<boolean> {
    return canEdit(db, this.ctx.projections, caller, event);
  }

  /** `GET /events/{id}/results`: for the organiser and the confirmed players only. */
  async view(caller: Caller, eventId: number): Promise<ResultsReply> {
    const { event, venueName } = await this.event(this.db, eventId);
    const [isOrganiser, players, scoring] = await Promise.all([
      this.organiser(this.db, caller, event),
      playersOf(this.db, eventId),
      scoringOf(this.db, eventId),
    ]);
    const isPlayer = players.some((player) => player.userId === caller.user_id);
    if (!isOrganiser && !isPlayer) throw forbidden(RESULT_MESSAGES.notInGame, 'not_in_game');
    const cards = scoring ? await cardsOf(this.db, eventId) : [];
    const started = event.startTime.getTime() <= this.ctx.clock().getTime();
    return {
      event: {
        id: event.id,
        title: event.title,
        event_type: event.eventType,
        venue_id: event.venueId,
        venue_name: venueName ?? null,
        start_time: event.startTime.toISOString(),
        creator_user_id: event.creatorUserId,
      },
      status: !scoring ? 'not_open' : scoring.closedAt ? 'closed' : 'open',
      format: scoring?.format ?? DEFAULT_RESULT_FORMAT,
      tees: scoring?.tees ?? [],
      opened_at: scoring?.openedAt.toISOString() ?? null,
      closed_at: scoring?.closedAt?.toISOString() ?? null,
      viewer: {
        is_organiser: isOrganiser,
        is_player: isPlayer,
        may_open: isOrganiser && !scoring && started && event.status !== 'cancelled',
      },
      players: await playerRowsOf(
        caller,
        isOrganiser,
        players,
        scoring,
        cards,
        await this.indexesOf(players),
      ),
      rankings: scoring ? rankingsReply(scoring, cards) : { stableford: [], gross: [], net: [] },
    };
  }

  /**
   * `POST /events/{id}/scoring`: the organiser, once the game has started, picks a men's tee, a
   * women's tee or both, of one course of the game's venue; each is read from venues-coaches and
   * copied. 422 by field for a tee that is not there, of another venue or course or gender.
   */
  async open(caller: Caller, eventId: number, body: OpenScoringBody, meta: EventMeta): Promise<ResultsReply> {
    const { event } = await this.event(this.db, eventId);
    if (!(await this.organiser(this.db, caller, event))) throw notOrganiser();
    this.checkOpenable(event);
    if (await scoringOf(this.db, eventId)) throw conflict(RESULT_MESSAGES.alreadyOpen, 'scoring_open');
    const { tees, format } = await this.judgeTees(event, body, meta.correlationId);
    const now = this.ctx.clock();
    const opened = await insertScoring(this.db, {
      eventId,
      format,
      tees,
      openedByUserId: caller.user_id,
      openedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!opened) throw conflict(RESULT_MESSAGES.alreadyOpen, 'scoring_open');
    return this.view(caller, eventId);
  }

  private checkOpenable(event: EventRow): void {
    if (event.status === 'cancelled') throw conflict(RESULT_MESSAGES.cancelled, 'event_cancelled');
    if (event.startTime.getTime() > this.ctx.clock().getTime())
      throw conflict(RESULT_MESSAGES.notStarted, 'not_started');
  }

  private async judgeTees(
    event: EventRow,
    body: OpenScoringBody,
    requestId: string | undefined,
  ): Promise<{ tees: ScoringTeeCopy[]; format: ResultFormat }> {
    const errors: FieldErrors = {};
    const format = body.format ?? DEFAULT_RESULT_FORMAT;
    if (!isResultFormat(format)) errors.format = RESULT_MESSAGES.formatInvalid;
    const wanted = (['men', 'women'] as const)
      .map((gender) => ({ gender, field: `${gender}_tee_id`, id: body[`${gender}_tee_id`] ?? null }))
      .filter((want) => want.id !== null);
    if (!wanted.length) errors.men_tee_id = RESULT_MESSAGES.teeRequired;
    const tees: ScoringTeeCopy[] = [];
    for (const want of wanted) {
      const id = want.id!;
      const isId = Number.isInteger(id) && id >= 1 && id <= INT4_MAX;
      const found = isId ? await this.ctx.rounds.readTee(id, requestId) : null;
      if (!found) errors[want.field] = RESULT_MESSAGES.teeNotFound;
      else if (found.venue_id !== event.venueId) errors[want.field] = RESULT_MESSAGES.teeOtherVenue;
      else if (found.tee.gender !== want.gender)
        errors[want.field] = RESULT_MESSAGES.teeWrongGender(want.gender);
      else if (tees.length && tees[0]!.course_id !== found.course.id)
        errors[want.field] = RESULT_MESSAGES.teesOtherCourse;
      else
        tees.push({
          id: found.tee.id,
          gender: want.gender,
          name: found.tee.name,
          course_id: found.course.id,
          course_name: found.course.name,
          par: found.tee.par,
          course_rating: found.tee.course_rating,
          slope_rating: found.tee.slope_rating,
          holes: found.tee.holes.map((hole) => ({
            number: hole.number,
            par: hole.par,
            stroke_index: hole.stroke_index,
          })),
        });
    }
    if (Object.keys(errors).length) throw invalidFields(errors);
    return { tees, format: format as ResultFormat };
  }

  /**
   * `PUT /events/{id}/scoring/cards/{userId}`: a confirmed player's whole card, by the player or the
   * organiser, while scoring is open. The Playing Handicap is worked out from the player's index now
   * and kept with the card.
   */
  async saveCard(
    caller: Caller,
    eventId: number,
    userId: number,
    body: ScoreCardBody,
  ): Promise<ResultsReply> {
    const { event } = await this.event(this.db, eventId);
    const isOrganiser = await this.organiser(this.db, caller, event);
    if (!isOrganiser && caller.user_id !== userId)
      throw forbidden(RESULT_MESSAGES.notYourCard, 'not_your_card');
    const player = (await playersOf(this.db, eventId)).find((p) => p.userId === userId);
    if (!player?.confirmed) throw notFound(RESULT_MESSAGES.playerNotFound, 'player_not_found');
    const now = this.ctx.clock();
    const { index, source } = await this.indexOf(player);
    await this.db.transaction(async (tx) => {
      const scoring = await scoringOf(tx, eventId, true);
      if (!scoring) throw conflict(RESULT_MESSAGES.notOpen, 'scoring_not_open');
      if (scoring.closedAt) throw conflict(RESULT_MESSAGES.closed, 'scoring_closed');
      const tee = teeOf(scoring, body.tee);
      const errors: FieldErrors = tee ? cardErrors(body.strokes, tee.holes.length) : {};
      if (!tee) errors.tee = RESULT_MESSAGES.teeNotOffered;
      if (Object.keys(errors).length) throw invalidFields(errors);
      await upsertCard(
        tx,
        {
          eventId,
          userId,
          tee: tee!.gender,
          strokes: body.strokes,
          handicapIndex: index,
          indexSource: source,
          playingHandicap: playingHandicapOn(tee!, index),
          enteredByUserId: caller.user_id,
        },
        now,
      );
    });
    return this.view(caller, eventId);
  }

  /**
   * `POST /events/{id}/scoring/close`: the organiser makes the results final; they are published in
   * the same transaction (messaging posts them into the event's chat and tells each player).
   */
  async close(caller: Caller, eventId: number, meta: EventMeta): Promise<ResultsReply> {
    const { event } = await this.event(this.db, eventId);
    if (!(await this.organiser(this.db, caller, event))) throw notOrganiser();
    const now = this.ctx.clock();
    await this.db.transaction(async (tx) => {
      const scoring = await scoringOf(tx, eventId, true);
      if (!scoring) throw conflict(RESULT_MESSAGES.notOpen, 'scoring_not_open');
      if (scoring.closedAt) throw conflict(RESULT_MESSAGES.closed, 'scoring_closed');
      const cards = await cardsOf(tx, eventId);
      if (!cards.length) throw conflict(RESULT_MESSAGES.noCards, 'no_cards');
      const closed = await closeScoring(tx, eventId, caller.user_id, now);
      const names = new Map(
        (await playersOf(tx, eventId)).map((player) => [player.userId, playerName(player)]),
      );
      const top = rankingsOf(closed, cards)
        [closed.format].filter((row) => row.position !== null)
        .slice(0, RESULTS_POSTED_PLACES)
        .map((row) => ({
          position: row.position!,
          user_id: row.userId,
          name: names.get(row.userId)!,
          total: row.total,
        }));
      await this.notices.posted(
        tx,
        {
          event_id: event.id,
          event_title: event.title,
          closed_by_user_id: caller.user_id,
          format: closed.format,
          player_user_ids: cards.map((card) => card.userId),
          top,
          link: resultsLink(event.id),
          occurred_at: now.toISOString(),
        },
        meta,
      );
    });
    return this.view(caller, eventId);
  }

  /**
   * `POST /events/{id}/results/round`: the caller accepts their card of closed results as their own
   * round (docs/product.md#results): recorded by the rounds module, on the tee it was scored from as
   * venues-coaches has it now, dated the game's day; once only, and only a card with every hole.
   */
  async recordRound(caller: Caller, eventId: number, meta: EventMeta): Promise<RecordResultRoundReply> {
    const { event } = await this.event(this.db, eventId);
    const scoring = await scoringOf(this.db, eventId);
    if (!scoring?.closedAt) throw conflict(RESULT_MESSAGES.notClosed, 'scoring_not_closed');
    const card = await cardOf(this.db, eventId, caller.user_id);
    if (!card) throw notFound(RESULT_MESSAGES.noCard, 'no_card');
    if (card.roundId !== null) throw conflict(RESULT_MESSAGES.roundRecorded, 'round_recorded');
    if (card.strokes.some((strokes) => strokes === null))
      throw conflict(RESULT_MESSAGES.cardIncomplete, 'card_incomplete');
    const tee = teeOf(scoring, card.tee)!;
    const body: RecordRoundBody = {
      venue_id: event.venueId,
      course_id: tee.course_id,
      tee_id: tee.id,
      played_on: latestRoundDay(event.startTime),
      holes_played: tee.holes.length === 18 ? 'all' : 'front',
      holes: card.strokes.map((strokes) => ({ strokes })),
      pcc: 0,
    };
    const rated = await this.ctx.rounds.readTee(tee.id, meta.correlationId);
    const roundId = await this.db.transaction(async (tx) => {
      const locked = await cardOf(tx, eventId, caller.user_id, true);
      if (locked!.roundId !== null) throw conflict(RESULT_MESSAGES.roundRecorded, 'round_recorded');
      const id = await this.ctx.rounds.recordRoundIn(tx, caller.user_id, body, rated);
      await setCardRound(tx, locked!.id, id, this.ctx.clock());
      return id;
    });
    return { round_id: roundId, results: await this.view(caller, eventId) };
  }
}
