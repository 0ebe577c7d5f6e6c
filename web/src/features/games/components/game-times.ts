import dayjs, { type Dayjs } from 'dayjs';

/** Spec 2 "Create member game": the default length of a game, and the quick end options. */
export const DEFAULT_GAME_HOURS = 4;
export const QUICK_END_HOURS = [2, 4, 6] as const;

/** The next full hour after `now` (10:20 → 11:00; 10:00 → 11:00). */
export const nextFullHour = (now: Dayjs = dayjs()) => now.startOf('hour').add(1, 'hour');

/** The next given weekday (0 Sunday … 6 Saturday) after today, at the hour. */
function nextWeekday(now: Dayjs, weekday: number, hour: number): Dayjs {
  const daysAhead = (weekday - now.day() + 7) % 7 || 7;
  return now.add(daysAhead, 'day').startOf('day').hour(hour);
}

/** Spec 2: Next Hour, Tomorrow 9AM, Next Saturday 9AM, Next Sunday 8AM. */
export const QUICK_STARTS: Array<{ label: string; at: (now: Dayjs) => Dayjs }> = [
  { label: 'Next Hour', at: (now) => nextFullHour(now) },
  { label: 'Tomorrow 9AM', at: (now) => now.add(1, 'day').startOf('day').hour(9) },
  { label: 'Next Saturday 9AM', at: (now) => nextWeekday(now, 6, 9) },
  { label: 'Next Sunday 8AM', at: (now) => nextWeekday(now, 0, 8) },
];

/**
 * Spec 2: changing the start pushes the end to start + 4 hours when the end is not later; a later
 * end stays as it was.
 */
export function endAfterNewStart(start: Date | null, end: Date | null): Date | null {
  if (!start) return end;
  if (end && end.getTime() > start.getTime()) return end;
  return dayjs(start).add(DEFAULT_GAME_HOURS, 'hour').toDate();
}

/** Mantine's pickers hand back 'YYYY-MM-DD HH:mm:ss' in the reader's own zone. */
export const pickedDate = (value: string | null): Date | null => (value ? dayjs(value).toDate() : null);
