/** A handicap as golfers write it: one decimal (7.0, -2.4), or 'Not set'. */
export const formatHandicap = (handicap: number | null) =>
  handicap === null ? 'Not set' : handicap.toFixed(1);

/**
 * Whether a handicap is shown beside a person (docs/product.md#account-screens: "handicap above 0"): coaches and those
 * who never set one carry 0 or nothing, which says nothing about their golf.
 */
export const showsHandicap = (handicap: number | null): handicap is number =>
  handicap !== null && handicap > 0;
