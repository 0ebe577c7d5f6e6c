/**
 * Game results (docs/product.md#results): scoring a member game or an official event after it has
 * started, and the ranked results. The service and the web judge cards with the same function and
 * show the same words; the scores themselves come from the handicap module (`scoreCard`,
 * `rankResults`, `playingHandicap`).
 *
 * Not in the rules barrel: only the results pages need it (imported as '@linksmate/proto/rules/results').
 */
import { HOLE_STROKES } from './handicap/adjusted-score';
import { HANDICAP_ALLOWANCES } from './handicap/course-handicap';
import type { ResultFormat } from './handicap/scoring';

/** The formats a results table shows; the organiser picks which is shown first. */
export const RESULT_FORMATS = ['stableford', 'gross', 'net'] as const satisfies readonly ResultFormat[];
export const DEFAULT_RESULT_FORMAT: ResultFormat = 'stableford';
export const RESULT_FORMAT_LABELS: Record<ResultFormat, string> = {
  stableford: 'Stableford',
  gross: 'Gross',
  net: 'Net',
};

/** Scoring of a game: not opened yet, open for cards, or closed (results final). */
export const SCORING_STATUSES = ['not_open', 'open', 'closed'] as const;
export type ScoringStatus = (typeof SCORING_STATUSES)[number];

/** Individual stroke play and Stableford: 95% of the Course Handicap (Appendix C). */
export const RESULTS_ALLOWANCE_PERCENT = HANDICAP_ALLOWANCES.individualStableford;

/** One hole's strokes on a card: 1 to 20; an empty hole is no score there. */
export const CARD_HOLE_STROKES = HOLE_STROKES;

/**
 * Where a player's index came from: LinksMate's WHS index (the rounds module's, once they have one),
 * else the handicap on their profile; none: they play off scratch.
 */
export const INDEX_SOURCES = ['linksmate', 'profile'] as const;
export type IndexSource = (typeof INDEX_SOURCES)[number];

/** How many places the chat message names. */
export const RESULTS_POSTED_PLACES = 3;

export const RESULT_MESSAGES = {
  eventNotFound: 'Event not found',
  notStarted: 'Scoring opens once the game has started',
  cancelled: 'A cancelled game has no results',
  notOrganiser: 'Only the organiser can do this',
  notInGame: 'Only the players and the organiser see these results',
  notYourCard: 'You can enter only your own card',
  playerNotFound: 'This golfer is not a confirmed player of this game',
  alreadyOpen: 'Scoring is already open',
  notOpen: 'Scoring is not open',
  closed: 'Scoring is closed: the results are final',
  noCards: 'Enter at least one card before closing',
  teeRequired: "Choose a men's or a women's tee",
  teeNotFound: 'Tee not found',
  teeOtherVenue: "This tee is not on the game's venue",
  teeWrongGender: (gender: string) => `Choose a ${gender === 'men' ? "men's" : "women's"} tee`,
  teesOtherCourse: 'Both tees must be on the same course',
  teeNotOffered: 'This game is not scored from that tee',
  formatInvalid: 'Choose Stableford, gross or net',
  holeCount: (holes: number) => `A card has ${holes} holes`,
  strokesWhole: 'Strokes must be a whole number',
  strokesRange: `Strokes must be between ${CARD_HOLE_STROKES.min} and ${CARD_HOLE_STROKES.max}`,
  notClosed: 'Results are final once the organiser closes scoring',
  noCard: 'You have no card in these results',
  roundRecorded: 'This card is already recorded as your round',
  cardIncomplete: 'A card with a hole left empty cannot be recorded as a round',
  coursesUnavailable: 'Courses are not available right now; try again shortly',
  noHandicap: 'No handicap',
} as const;

/**
 * A card's errors keyed by path (`strokes`, `strokes.3`): the hole count the tee has, each hole
 * empty (no score) or 1 to 20 whole strokes. Never clamped.
 */
export function cardErrors(strokes: readonly unknown[], holes: number): Record<string, string> {
  if (strokes.length !== holes) return { strokes: RESULT_MESSAGES.holeCount(holes) };
  const errors: Record<string, string> = {};
  strokes.forEach((value, i) => {
    if (value === null) return;
    if (typeof value !== 'number' || !Number.isInteger(value))
      errors[`strokes.${i}`] = RESULT_MESSAGES.strokesWhole;
    else if (value < CARD_HOLE_STROKES.min || value > CARD_HOLE_STROKES.max)
      errors[`strokes.${i}`] = RESULT_MESSAGES.strokesRange;
  });
  return errors;
}

/** The results page of an event or game: every screen and message links here. */
export const resultsLink = (eventId: number) => `/events/${eventId}/results`;

/** A format's total as a table and the chat say it. */
export function formatTotal(format: ResultFormat, total: number | null): string {
  if (total === null) return 'no return';
  return format === 'stableford' ? `${total} pts` : `${total}`;
}

/** The chat message posted when results close: the top places and where the rest are. */
export function resultsChatText(
  title: string,
  format: ResultFormat,
  top: ReadonlyArray<{ position: number; name: string; total: number | null }>,
  link: string,
): string {
  const lines = top.map((row) => `${row.position}. ${row.name} — ${formatTotal(format, row.total)}`);
  return [`Results of ${title} (${RESULT_FORMAT_LABELS[format]}):`, ...lines, `Full results: ${link}`].join(
    '\n',
  );
}
