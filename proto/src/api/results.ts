import Type from 'typebox';
import { TEE_GENDERS } from '../rules/courses';
import { EVENT_TYPES } from '../rules/events';
import { INDEX_SOURCES, RESULT_FORMATS, SCORING_STATUSES } from '../rules/results';
import { Id, IdParam, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { TeeHole } from './venues-courses';

/**
 * Game results (docs/product.md#results), owned by events-bookings: the organiser of a member game
 * or an official event opens scoring once it has started, picking the tees; players enter their own
 * cards (the organiser anyone's); closing makes the results final and posts them into the event's
 * chat. Numbers a person types are any number here and judged by the service (422 by field path).
 */

const ResultFormat = Type.Enum(RESULT_FORMATS);
const TeeGender = Type.Enum(TEE_GENDERS);

/** A tee the game is scored from, copied when scoring opened (a later edit of the tee changes nothing). */
export const ScoringTee = Type.Object({
  id: Id,
  gender: TeeGender,
  name: Type.String(),
  course_id: Id,
  course_name: Type.String(),
  par: Int({ minimum: 1 }),
  course_rating: Type.Number(),
  slope_rating: Int({ minimum: 1 }),
  holes: Type.Array(TeeHole),
});
export type ScoringTee = Type.Static<typeof ScoringTee>;

/** `POST /events/{id}/scoring`: a men's tee, a women's tee or both, of one course of the game's venue. */
export const OpenScoringBody = Type.Object({
  men_tee_id: Type.Optional(Nullable(Type.Number())),
  women_tee_id: Type.Optional(Nullable(Type.Number())),
  /** Shown first on the results page; Stableford unless chosen. */
  format: Type.Optional(Text({ maxLength: 40 })),
});
export type OpenScoringBody = Type.Static<typeof OpenScoringBody>;

/** `PUT /events/{id}/scoring/cards/{userId}`: the whole card, hole by hole; null is an empty hole. */
export const ScoreCardBody = Type.Object({
  strokes: Type.Array(Nullable(Type.Number()), { maxItems: 40 }),
  /** Which of the game's tees the player played; the men's when the game has one, else the women's. */
  tee: Type.Optional(Text({ maxLength: 20 })),
});
export type ScoreCardBody = Type.Static<typeof ScoreCardBody>;

export const ScoreCardParams = Type.Object({ id: IdParam, userId: IdParam });

export const ResultPlayer = Type.Object({
  user_id: Id,
  username: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  profile_image_url: NullableString,
  /** The index the Playing Handicap came from; null: no handicap (played off scratch). */
  handicap_index: Nullable(Type.Number()),
  index_source: Nullable(Type.Enum(INDEX_SOURCES)),
  /** The tee the card is (or would be) scored from. */
  tee: Nullable(TeeGender),
  playing_handicap: Nullable(Type.Integer()),
  /** The card, hole by hole (null: no score on that hole); null until entered. */
  strokes: Nullable(Type.Array(Nullable(Int({ minimum: 1 })))),
  /** Strokes received per hole and Stableford points per hole, from the Playing Handicap. */
  received: Nullable(Type.Array(Type.Integer())),
  points: Nullable(Type.Array(Int({ minimum: 0 }))),
  gross: Nullable(Type.Integer()),
  net: Nullable(Type.Integer()),
  stableford: Nullable(Int({ minimum: 0 })),
  /** Whether the caller may enter this card now. */
  may_edit: Type.Boolean(),
  /** The round this card was recorded as, once its player accepted. */
  round_id: Nullable(Id),
});
export type ResultPlayer = Type.Static<typeof ResultPlayer>;

/** One row of a ranking: place 1 first, shared places after the countback, null: no return. */
export const RankedRow = Type.Object({
  user_id: Id,
  position: Nullable(Int({ minimum: 1 })),
  total: Nullable(Type.Integer()),
  /** The last holes (9, 6, 3 or 1) that split this player from the one above on the same total. */
  countback: Nullable(Int({ minimum: 1 })),
});
export type RankedRow = Type.Static<typeof RankedRow>;

export const ResultsReply = Type.Object({
  event: Type.Object({
    id: Id,
    title: Type.String(),
    event_type: Type.Enum(EVENT_TYPES),
    venue_id: Id,
    venue_name: NullableString,
    start_time: Timestamp,
    creator_user_id: Nullable(Id),
  }),
  status: Type.Enum(SCORING_STATUSES),
  format: ResultFormat,
  tees: Type.Array(ScoringTee),
  opened_at: Nullable(Timestamp),
  closed_at: Nullable(Timestamp),
  /** What the caller may do: open and close scoring and enter every card, or their own card. */
  viewer: Type.Object({
    is_organiser: Type.Boolean(),
    is_player: Type.Boolean(),
    may_open: Type.Boolean(),
  }),
  players: Type.Array(ResultPlayer),
  /** The cards entered, ranked in each format (countback on ties). */
  rankings: Type.Object({
    stableford: Type.Array(RankedRow),
    gross: Type.Array(RankedRow),
    net: Type.Array(RankedRow),
  }),
});
export type ResultsReply = Type.Static<typeof ResultsReply>;

/** `POST /events/{id}/results/round`: the caller's card of closed results, recorded as their round. */
export const RecordResultRoundReply = Type.Object({ round_id: Id, results: ResultsReply });
export type RecordResultRoundReply = Type.Static<typeof RecordResultRoundReply>;
