import Type from 'typebox';
import { TEE_GENDERS } from '../rules/courses';
import { HOLES_PLAYED } from '../rules/handicap/tee';
import { PARTNER_DECISIONS, ROUND_LIMITS, ROUND_STATUSES } from '../rules/rounds';
import { DateOnly, Id, Int, Nullable, Text, Timestamp } from '../schema';
import { Limit, Offset } from './common';

/**
 * Rounds and the handicap index (docs/product.md#rounds), owned by events-bookings: any signed-in
 * person records their own rounds, sees only their own, and confirms or rejects only their own
 * copy of a round a partner recorded.
 */

/**
 * Numbers come as typed, blanks included: `roundErrors` (proto/src/rules/rounds.ts) judges them and
 * the service answers 422 with its words keyed by path (`holes.3.strokes`), where a bound here would
 * answer a bare 400.
 */
const TypedNumber = Nullable(Type.Number());
const CardHoleBody = Type.Object({ strokes: TypedNumber });
/** Far above the 18 a card has: a longer card is the rules' 422, not a bare 400. */
const CardHolesBody = Nullable(Type.Array(CardHoleBody, { maxItems: 50 }));

export const RoundPartnerBody = Type.Object({
  user_id: Id,
  /** The partner's card, hole by hole, as their marker entered it; or… */
  holes: Type.Optional(CardHolesBody),
  /** …its total; neither when the recorder only asks them to confirm their own card. */
  total: Type.Optional(TypedNumber),
});
export type RoundPartnerBody = Type.Static<typeof RoundPartnerBody>;

export const RecordRoundBody = Type.Object({
  venue_id: Id,
  course_id: Id,
  tee_id: Id,
  /** The day played, YYYY-MM-DD, not in the future. */
  played_on: Text({ maxLength: 30 }),
  /** `all`, `front` or `back`. */
  holes_played: Text({ maxLength: 20 }),
  /** Hole-by-hole strokes, in the order of the holes played… */
  holes: Type.Optional(CardHolesBody),
  /** …or a quick total, taken as the adjusted gross score. */
  total: Type.Optional(TypedNumber),
  /** The day's playing conditions calculation, -1 to +3; 0 when left out. */
  pcc: Type.Optional(TypedNumber),
  partners: Type.Optional(Type.Array(RoundPartnerBody, { maxItems: 20 })),
});
export type RecordRoundBody = Type.Static<typeof RecordRoundBody>;

export const RoundHole = Type.Object({
  number: Int({ minimum: 1, maximum: 18 }),
  par: Int({ minimum: 3, maximum: 6 }),
  stroke_index: Int({ minimum: 1, maximum: 18 }),
  /** Null for a quick total. */
  strokes: Nullable(Int({ minimum: 1 })),
  /** The most the hole counts for (net double bogey, or par + 5 before an index). */
  maximum: Nullable(Int({ minimum: 1 })),
  /** What it counted for: lower than `strokes` where net double bogey adjusted it. */
  adjusted: Nullable(Int({ minimum: 1 })),
});
export type RoundHole = Type.Static<typeof RoundHole>;

export const RoundPerson = Type.Object({ user_id: Id, name: Type.String() });
export type RoundPerson = Type.Static<typeof RoundPerson>;

export const RoundPartner = Type.Object({
  user_id: Id,
  name: Type.String(),
  decision: Type.Enum(PARTNER_DECISIONS),
});
export type RoundPartner = Type.Static<typeof RoundPartner>;

/** A round as its list shows it. */
export const RoundSummary = Type.Object({
  id: Id,
  venue_id: Id,
  venue_name: Type.String(),
  course_name: Type.String(),
  tee_name: Type.String(),
  tee_gender: Type.Enum(TEE_GENDERS),
  played_on: DateOnly,
  holes_played: Type.Enum(HOLES_PLAYED),
  status: Type.Enum(ROUND_STATUSES),
  /** Whether a playing partner confirmed it (a round recorded alone counts unattested). */
  attested: Type.Boolean(),
  /** False for a partner's copy sent without a card: confirming it attests the recorder's round only. */
  has_card: Type.Boolean(),
  gross: Nullable(Int({ minimum: 1 })),
  adjusted_gross_score: Nullable(Int({ minimum: 1 })),
  /** The 18-hole score differential; null until it counts, or for a nine waiting for an initial index. */
  differential: Nullable(Type.Number()),
  used_in_index: Type.Boolean(),
  recorded_by: RoundPerson,
});
export type RoundSummary = Type.Static<typeof RoundSummary>;

/** A round with its card. For a round that does not count yet, the figures are what it would count for now. */
export const Round = Type.Object({
  ...RoundSummary.properties,
  course_id: Id,
  tee_id: Id,
  /** Over the holes played. */
  par: Int({ minimum: 1 }),
  /** The ratings the differential used (a nine's for a 9-hole score). */
  course_rating: Type.Number(),
  slope_rating: Int({ minimum: 1 }),
  pcc: Int({ minimum: -1, maximum: 3 }),
  index_in_effect: Nullable(Type.Number()),
  holes: Type.Array(RoundHole),
  /** The people it was played with: for the recorder's round their decisions, for a copy the group. */
  partners: Type.Array(RoundPartner),
  created_at: Timestamp,
});
export type Round = Type.Static<typeof Round>;

export const RoundReply = Type.Object({ round: Round });
export type RoundReply = Type.Static<typeof RoundReply>;

export const RoundsQuery = Type.Object({
  limit: Type.Optional(Limit(ROUND_LIMITS.pageSize, 100)),
  offset: Type.Optional(Offset),
});
export type RoundsQuery = Type.Static<typeof RoundsQuery>;

/** The own rounds, newest first (a partner's copy once it is confirmed; those to confirm are apart). */
export const RoundsReply = Type.Object({
  rounds: Type.Array(RoundSummary),
  total: Int({ minimum: 0 }),
  limit: Int({ minimum: 1 }),
  offset: Int({ minimum: 0 }),
});
export type RoundsReply = Type.Static<typeof RoundsReply>;

export const RoundsToConfirmReply = Type.Object({ rounds: Type.Array(RoundSummary) });
export type RoundsToConfirmReply = Type.Static<typeof RoundsToConfirmReply>;

export const HandicapRevisionPoint = Type.Object({ date: DateOnly, index: Type.Number() });

/** The own handicap index, kept as each change to the counting rounds leaves it. */
export const HandicapReply = Type.Object({
  /** Null until 54 holes count. */
  index: Nullable(Type.Number()),
  /** The Low Handicap Index it was held against; null before 20 scores. */
  low_index: Nullable(Type.Number()),
  cap: Nullable(Type.Union([Type.Literal('soft'), Type.Literal('hard')])),
  rounds_counted: Int({ minimum: 0 }),
  holes_counted: Int({ minimum: 0 }),
  /** The index after each day played, oldest first: a history to draw. */
  history: Type.Array(HandicapRevisionPoint),
  updated_at: Nullable(Timestamp),
});
export type HandicapReply = Type.Static<typeof HandicapReply>;

export const PartnerSearchQuery = Type.Object({ search: Type.Optional(Text({ maxLength: 100 })) });
export type PartnerSearchQuery = Type.Static<typeof PartnerSearchQuery>;
export const PartnerSearchReply = Type.Object({ people: Type.Array(RoundPerson) });
export type PartnerSearchReply = Type.Static<typeof PartnerSearchReply>;

/** A confirmed copy as it now counts; null when it had no card (confirming only attested the recorder's round). */
export const RoundDecisionReply = Type.Object({ round: Nullable(Round) });
export type RoundDecisionReply = Type.Static<typeof RoundDecisionReply>;

/**
 * `POST /internal/rounds/import`: the demo's season of rounds, for people who have none yet. Each
 * round is a card over its tee (read from venues-coaches); one with a partner waits for them, with
 * their copy to confirm, as a recorded one would.
 */
export const ImportRoundsBody = Type.Object({
  rounds: Type.Array(
    Type.Object({
      user_id: Id,
      tee_id: Id,
      played_on: DateOnly,
      holes_played: Type.Enum(HOLES_PLAYED),
      strokes: Type.Array(Int({ minimum: 1, maximum: 20 }), { minItems: 9, maxItems: 18 }),
      pcc: Type.Optional(Int({ minimum: -1, maximum: 3 })),
      partner: Type.Optional(
        Type.Object({
          user_id: Id,
          strokes: Type.Array(Int({ minimum: 1, maximum: 20 }), { minItems: 9, maxItems: 18 }),
        }),
      ),
    }),
    { maxItems: 20_000 },
  ),
});
export type ImportRoundsBody = Type.Static<typeof ImportRoundsBody>;
export const ImportRoundsReply = Type.Object({ rounds: Int({ minimum: 0 }), handicaps: Int({ minimum: 0 }) });
export type ImportRoundsReply = Type.Static<typeof ImportRoundsReply>;
