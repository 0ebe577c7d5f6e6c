import {
  HandicapInputError,
  type HandicapRefusalReason,
  type RatedTee,
  type RecordedRound,
} from '../src/rules/handicap';

/** Par 72 (36 out, 36 in), odd stroke indexes out and even ones in, as Appendix E recommends. */
export const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 3, 4, 4, 5];
export const STROKE_INDEXES = [7, 3, 15, 11, 1, 9, 17, 5, 13, 8, 14, 4, 16, 2, 10, 18, 6, 12];

/** A typical tee (typical values, not a club's official ratings); ratings can be replaced per test. */
export function aTee(
  ratings: Partial<Pick<RatedTee, 'courseRating' | 'slopeRating' | 'front' | 'back'>> = {},
): RatedTee {
  return {
    courseRating: 71.4,
    slopeRating: 128,
    holes: PARS.map((par, i) => ({ par, strokeIndex: STROKE_INDEXES[i]! })),
    front: { courseRating: 35.8, slopeRating: 126 },
    back: { courseRating: 35.6, slopeRating: 130 },
    ...ratings,
  };
}

/** The calendar day `days` after `from`, as YYYY-MM-DD. */
export function dayAfter(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An 18-hole quick entry whose differential is exactly `differential` (one decimal): slope 113 and
 * a course rating chosen so that total − rating = differential.
 */
export function roundWithDifferential(
  differential: number,
  date: string,
  id = `${date}:${differential}`,
): RecordedRound {
  const differentialTenths = Math.round(differential * 10);
  const total = Math.ceil((720 + differentialTenths) / 10);
  const courseRating = (total * 10 - differentialTenths) / 10;
  return { id, date, holesPlayed: 'all', tee: aTee({ courseRating, slopeRating: 113 }), total };
}

/** One round a day from `from`, with these differentials in order. */
export function roundsWithDifferentials(differentials: readonly number[], from: string): RecordedRound[] {
  return differentials.map((differential, i) =>
    roundWithDifferential(differential, dayAfter(from, i), `r${i}`),
  );
}

/** The reason and field a call is refused with, or null when it is accepted. */
export function refusalOf(act: () => unknown): [HandicapRefusalReason, string] | null {
  try {
    act();
  } catch (error) {
    if (error instanceof HandicapInputError) return [error.reason, error.field];
    throw error;
  }
  return null;
}
