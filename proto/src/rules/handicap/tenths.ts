/**
 * Exact arithmetic for the handicap rules. Handicap indexes, course ratings and differentials are
 * kept as whole tenths, and every division is rounded from whole numbers, so a half is a half and
 * never 0.4999… (docs/product.md#handicap).
 *
 * Rounding: the Rules of Handicapping round to the nearest tenth or whole number "with .5 rounded
 * upwards" (Rules 5.1a, 5.2, 6.1, 6.2), and Rule 5.1c says a minus differential rounds "upward
 * towards 0" (-1.55 → -1.5). Upward is toward +∞ for every sign: -2.5 strokes rounds to -2, as
 * Appendix C also asks of plus handicaps ("moves up towards zero including rounding").
 */
import { refuse } from './refusals';

/** A value as numerator / denominator, the denominator positive: an unrounded differential in tenths. */
export interface Fraction {
  numerator: number;
  denominator: number;
}

/** ⌊a / b⌋ for whole a and whole b > 0, without going through a floating-point quotient. */
function floorDivide(a: number, b: number): number {
  const remainder = ((a % b) + b) % b;
  return (a - remainder) / b;
}

/** numerator / denominator to the nearest whole number, halves upward (toward +∞). */
export function roundHalfUp(numerator: number, denominator: number): number {
  return floorDivide(2 * numerator + denominator, 2 * denominator);
}

/** A number given with at most one decimal (71.4, -2.0) as whole tenths (714, -20); null when it has more. */
export function wholeTenths(value: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const tenths = Math.round(value * 10);
  return Math.abs(tenths - value * 10) < 1e-6 ? tenths : null;
}

export function fromTenths(tenths: number): number {
  return tenths / 10;
}

/** Compares a / b with c / d (both denominators positive): negative, zero or positive. */
export function compareFractions(a: Fraction, b: Fraction): number {
  return a.numerator * b.denominator - b.numerator * a.denominator;
}

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD calendar day as a count of days, so windows of 365 days are whole-number sums. */
export function dayNumber(date: string, field: string): number {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return refuse('date', field);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return refuse('date', field);
  }
  return time / DAY_MS;
}
