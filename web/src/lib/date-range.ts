import dayjs from 'dayjs';

/** A day as the address keeps it: YYYY-MM-DD, in the reader's own calendar. */
export const DAY_FORMAT = 'YYYY-MM-DD';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The day given if it reads as one, else nothing. */
export const readDay = (value: string | null | undefined): string =>
  value && DAY.test(value) && dayjs(value).isValid() ? value : '';

/** docs/product.md#admin-limits: the admin lists' default range, today to one month later. */
export function defaultRange(now = dayjs()): { from: string; to: string } {
  return { from: now.format(DAY_FORMAT), to: now.add(1, 'month').format(DAY_FORMAT) };
}

/**
 * A range of days as the instants the server compares with: the reader's own midnight of the
 * first day and the last moment of the last (both days included).
 */
export function rangeBounds(from: string, to: string): { start_date?: string; end_date?: string } {
  return {
    start_date: from ? dayjs(from).startOf('day').toISOString() : undefined,
    end_date: to ? dayjs(to).endOf('day').toISOString() : undefined,
  };
}

/** The month the address names (YYYY-MM), else the one holding `fallback` (a day or now). */
export function readMonth(value: string | null, fallback?: string): string {
  if (value && MONTH.test(value) && dayjs(`${value}-01`).isValid()) return value;
  return (fallback ? dayjs(fallback) : dayjs()).format('YYYY-MM');
}

/** A month (YYYY-MM) as the range of days it covers. */
export function monthRange(month: string): { from: string; to: string } {
  const first = dayjs(`${month}-01`);
  return { from: first.format(DAY_FORMAT), to: first.endOf('month').format(DAY_FORMAT) };
}

/** 'March 2026'. */
export const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric' }).format(dayjs(`${month}-01`).toDate());

/** The month before or after (YYYY-MM). */
export const shiftMonth = (month: string, by: number) =>
  dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');

/**
 * The range the address holds (`from`, `to`): an absent bound takes the default (docs/product.md#admin-limits: today
 * to one month later), an empty one means no bound.
 */
export function readRange(params: URLSearchParams): { from: string; to: string } {
  const defaults = defaultRange();
  const bound = (key: 'from' | 'to') => (params.has(key) ? readDay(params.get(key)) : defaults[key]);
  return { from: bound('from'), to: bound('to') };
}
