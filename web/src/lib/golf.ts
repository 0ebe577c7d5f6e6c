/** A handicap as golfers write it: one decimal (7.0, -2.4), or 'Not set'. */
export const formatHandicap = (handicap: number | null) =>
  handicap === null ? 'Not set' : handicap.toFixed(1);
