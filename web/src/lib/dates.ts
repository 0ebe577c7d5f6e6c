const longDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '3 March 2026', or a dash when there is no date. */
export const formatLongDate = (value: string | null | undefined) =>
  value ? longDate.format(new Date(value)) : '—';

const dateTime = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Sat, 6 Dec 2026, 9:00 am', in the reader's own time zone. */
export const formatDateTime = (value: string) => dateTime.format(new Date(value));

/** Past when its end (or its start, without an end) is before now (docs/product.md#community-states). */
export const isPastEvent = (event: { start_time: string; end_time: string | null }, now = Date.now()) =>
  new Date(event.end_time ?? event.start_time).getTime() < now;

const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday"… (spec 2: relative sent times; spec 3: when people joined). */
export function relativeTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
