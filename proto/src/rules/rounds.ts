/**
 * Rounds a golfer records, and what makes a card one the handicap index can take
 * (docs/product.md#rounds). The web's form and events-bookings judge with `roundErrors`, so a
 * field's message is the same in both; the limits are the handicap rules' own
 * (docs/product.md#handicap).
 */
import { HOLE_STROKES } from './handicap/adjusted-score';
import { PCC } from './handicap/differential';
import { HOLES_PLAYED, type HolesPlayed, type RatedTee } from './handicap/tee';
import { wallClockAt } from './time-zones';

export { HOLES_PLAYED, type HolesPlayed };

export const HOLES_PLAYED_LABELS: Record<HolesPlayed, string> = {
  all: '18 holes',
  front: 'Front nine (holes 1–9)',
  back: 'Back nine (holes 10–18)',
};

export const ROUND_LIMITS = {
  strokes: HOLE_STROKES,
  pcc: PCC,
  /** A group of four: the recorder and three partners. */
  maxPartners: 3,
  pageSize: 20,
  /** How many people the partner picker lists for what was typed. */
  partnerMatches: 10,
} as const;

/**
 * A round is played on an Australian calendar day: a date is in the future only once it is
 * tomorrow on the country's east coast, so nobody's today is refused.
 */
export const ROUND_DAY_TIME_ZONE = 'Australia/Sydney';

/** Where a round stands (docs/product.md#rounds). */
export const ROUND_STATUSES = ['counting', 'awaiting_confirmation', 'to_confirm', 'rejected'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  counting: 'Counts',
  awaiting_confirmation: 'Waiting for a partner to confirm',
  to_confirm: 'To confirm',
  rejected: 'Rejected by every partner',
};

export const PARTNER_DECISIONS = ['pending', 'confirmed', 'rejected'] as const;
export type PartnerDecision = (typeof PARTNER_DECISIONS)[number];

export const ROUND_MESSAGES = {
  notFound: 'Round not found',
  notToConfirm: 'This round is not waiting for your confirmation',
  venueRequired: 'Choose the venue',
  courseRequired: 'Choose the course',
  teeRequired: 'Choose the tee',
  teeNotFound: 'Tee not found',
  teeNotOnCourse: 'This tee is not on this course',
  courseNotAtVenue: 'This course is not at this venue',
  teeNotRated: 'This tee’s ratings cannot be used for a handicap score over these holes',
  coursesUnavailable: 'Course details could not be read just now. Please try again.',
  dateRequired: 'Date played is required',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  dateInFuture: 'A round cannot be in the future',
  holesPlayedInvalid: 'Choose 18 holes, the front nine or the back nine',
  backNineOfNine: 'A 9-hole course is played as 18 holes (twice round) or as its nine',
  scoreEntry: 'Enter hole-by-hole strokes or a total, not both',
  scoreRequired: 'Enter the strokes for each hole, or a total',
  holeCount: (holes: number) => `Enter strokes for all ${holes} holes`,
  strokesRequired: 'Strokes are required',
  strokesRange: `Strokes must be a whole number from ${HOLE_STROKES.min} to ${HOLE_STROKES.max}`,
  totalWhole: 'The total must be a whole number',
  totalTooLow: (holes: number) => `The total must be at least ${holes} (a stroke a hole)`,
  totalTooHigh: 'The total is more than net double bogey on every hole allows: enter the card hole by hole',
  pccRange: `PCC must be a whole number from ${PCC.min} to +${PCC.max}`,
  tooManyPartners: `At most ${ROUND_LIMITS.maxPartners} playing partners`,
  partnerSelf: 'You cannot be your own playing partner',
  partnerRepeated: 'This partner is already in the group',
  partnerUnknown: 'Choose a LinksMate golfer',
  laterTotalRefused:
    'A round on this day would give a later quick total more than net double bogey allows: enter that round hole by hole first',
  cannotCount:
    'This round cannot count as it stands: with the rounds before it, its quick total is more than net double bogey allows',
  recorded: 'Round recorded',
  confirmed: 'Round confirmed',
  rejected: 'Round rejected',
  rejectQuestion:
    'Reject this round? It is removed from your rounds and does not count for you. This cannot be undone.',
  copyQuestion: (index: string) =>
    `Replace the handicap on your profile with ${index}? Other golfers see your profile's handicap.`,
  notOfficial:
    'Calculated by LinksMate by the World Handicap System method. Not an official Golf Australia handicap.',
} as const;

/** How many hole scores a round over `played` takes: a 9-hole course played twice round is 18 too. */
export const holesEntered = (played: HolesPlayed): number => (played === 'all' ? 18 : 9);

/** What a card says as the form or the API has it: hole scores may still be blank while typed. */
export interface CardInput {
  holes?: ReadonlyArray<{ strokes: number | null }> | null;
  total?: number | null;
}

export interface RoundInput extends CardInput {
  played_on: string;
  holes_played: string;
  pcc?: number | null;
  partners?: ReadonlyArray<CardInput & { user_id: number }> | null;
}

/** Today on the east coast, YYYY-MM-DD: the last day a round may be played on. */
export function latestRoundDay(now: Date): string {
  const { year, month, day } = wallClockAt(now, ROUND_DAY_TIME_ZONE);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A card's problems keyed from `prefix` (`holes.3.strokes`, `partners.0.total`). */
function cardErrors(card: CardInput, holes: number | null, prefix: string, errors: Record<string, string>) {
  const hasHoles = card.holes !== undefined && card.holes !== null;
  const hasTotal = card.total !== undefined && card.total !== null;
  if (hasHoles && hasTotal) {
    errors[`${prefix}total`] = ROUND_MESSAGES.scoreEntry;
    return;
  }
  if (!hasHoles && !hasTotal) {
    errors[`${prefix}holes`] = ROUND_MESSAGES.scoreRequired;
    return;
  }
  if (hasHoles) {
    const list = card.holes!;
    if (holes !== null && list.length !== holes) errors[`${prefix}holes`] = ROUND_MESSAGES.holeCount(holes);
    list.forEach((hole, i) => {
      const strokes = hole.strokes;
      if (strokes === null || strokes === undefined)
        errors[`${prefix}holes.${i}.strokes`] = ROUND_MESSAGES.strokesRequired;
      else if (!Number.isInteger(strokes) || strokes < HOLE_STROKES.min || strokes > HOLE_STROKES.max)
        errors[`${prefix}holes.${i}.strokes`] = ROUND_MESSAGES.strokesRange;
    });
    return;
  }
  const total = card.total!;
  if (!Number.isInteger(total)) errors[`${prefix}total`] = ROUND_MESSAGES.totalWhole;
  else if (holes !== null && total < holes * HOLE_STROKES.min)
    errors[`${prefix}total`] = ROUND_MESSAGES.totalTooLow(holes);
}

/**
 * Every problem of a round that needs no tee and no record to see, keyed by field path (empty when
 * the round may go on to its tee): a past or present day, which holes, each card hole by hole
 * (1–20 strokes a hole, one per hole played) or as a total of at least a stroke a hole, PCC −1 to
 * +3, and up to three distinct partners other than `recorderId`. The tee's own checks and a total's
 * upper limit (net double bogey on every hole) need the tee and the index, and are the service's.
 */
export function roundErrors(
  input: RoundInput,
  context: { today: string; recorderId?: number; courseHoles?: number },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const date = (input.played_on ?? '').trim();
  if (!date) errors.played_on = ROUND_MESSAGES.dateRequired;
  else if (!isCalendarDay(date)) errors.played_on = ROUND_MESSAGES.dateInvalid;
  else if (date > context.today) errors.played_on = ROUND_MESSAGES.dateInFuture;

  const played = (HOLES_PLAYED as readonly string[]).includes(input.holes_played)
    ? (input.holes_played as HolesPlayed)
    : null;
  if (played === null) errors.holes_played = ROUND_MESSAGES.holesPlayedInvalid;
  else if (played === 'back' && context.courseHoles === 9)
    errors.holes_played = ROUND_MESSAGES.backNineOfNine;
  const holes = played === null ? null : holesEntered(played);

  cardErrors(input, holes, '', errors);

  const pcc = input.pcc;
  if (pcc !== undefined && pcc !== null && (!Number.isInteger(pcc) || pcc < PCC.min || pcc > PCC.max))
    errors.pcc = ROUND_MESSAGES.pccRange;

  const partners = input.partners ?? [];
  if (partners.length > ROUND_LIMITS.maxPartners) errors.partners = ROUND_MESSAGES.tooManyPartners;
  const seen = new Set<number>();
  partners.forEach((partner, i) => {
    if (partner.user_id === context.recorderId) errors[`partners.${i}.user_id`] = ROUND_MESSAGES.partnerSelf;
    else if (seen.has(partner.user_id)) errors[`partners.${i}.user_id`] = ROUND_MESSAGES.partnerRepeated;
    seen.add(partner.user_id);
    // A partner's card is the recorder's to give or not, as a marker's is.
    if ((partner.holes ?? null) !== null || (partner.total ?? null) !== null)
      cardErrors(partner, holes, `partners.${i}.`, errors);
  });
  return errors;
}

/** A tee as a round keeps it: its 18-hole ratings (a 9-hole course's: its nine's) and its holes. */
export interface RoundTee {
  course_rating: number;
  slope_rating: number;
  holes: ReadonlyArray<{ number: number; par: number; stroke_index: number }>;
}

export interface PlayedHole {
  /** 1 to 18 as the card numbers them (a 9-hole course's second time round is 10–18). */
  number: number;
  par: number;
  /** The 18-hole stroke index the handicap rules rank the hole by. */
  stroke_index: number;
}

/**
 * The tee as the handicap rules read it (docs/product.md#courses): an 18-hole tee's nines are rated
 * at half its course rating and its slope; a 9-hole course's nine is played twice for 18, the first
 * time round taking the odd stroke indexes (2·si − 1) and the second the even (2·si).
 */
export function ratedTeeOf(tee: RoundTee): RatedTee {
  if (tee.holes.length === 9) {
    const nine = { courseRating: tee.course_rating, slopeRating: tee.slope_rating };
    const first = tee.holes.map((hole) => ({ par: hole.par, strokeIndex: 2 * hole.stroke_index - 1 }));
    const second = tee.holes.map((hole) => ({ par: hole.par, strokeIndex: 2 * hole.stroke_index }));
    return {
      courseRating: Math.round(tee.course_rating * 20) / 10,
      slopeRating: tee.slope_rating,
      holes: [...first, ...second],
      front: nine,
      back: nine,
    };
  }
  const nine = { courseRating: Math.round(tee.course_rating * 5) / 10, slopeRating: tee.slope_rating };
  return {
    courseRating: tee.course_rating,
    slopeRating: tee.slope_rating,
    holes: tee.holes.map((hole) => ({ par: hole.par, strokeIndex: hole.stroke_index })),
    front: nine,
    back: nine,
  };
}

/** The holes a round over `played` plays, numbered as its card is, each with its 18-hole stroke index. */
export function playedHoles(tee: RoundTee, played: HolesPlayed): PlayedHole[] {
  const rated = ratedTeeOf(tee);
  const all = rated.holes.map((hole, i) => ({
    number: i + 1,
    par: hole.par,
    stroke_index: hole.strokeIndex,
  }));
  return played === 'all' ? all : played === 'front' ? all.slice(0, 9) : all.slice(9);
}
