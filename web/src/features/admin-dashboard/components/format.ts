import { formatCents } from '@linksmate/proto/rules';

/** How the dashboard words its figures: months, statuses and AUD amounts. */

const monthOf = (key: string) => {
  const [year, month] = key.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
};
const shortMonth = new Intl.DateTimeFormat('en-AU', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-03` → "Mar 26" (a chart's axis). */
export const monthTick = (key: string) => shortMonth.format(monthOf(key));
/** `2026-03` → "March 2026" (a sentence). */
export const monthName = (key: string) => longMonth.format(monthOf(key));

/** Cents → "$1,234.50" (en-AU, AUD). */
export const formatAud = (cents: number) => formatCents(cents, 'AUD');

const count = new Intl.NumberFormat('en-AU');
export const formatCount = (n: number) => count.format(n);

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  cancelled: 'Cancelled',
  none: 'No membership',
  open: 'Open',
  completed: 'Completed',
  pending: 'Pending',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  no_show: 'No-show',
};
export const statusLabel = (status: string) =>
  STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');

/** "Active 3, Trialing 1 and No membership 4": each status with its count, for a sentence. */
export function statusList(items: Array<{ status: string; count: number }>): string {
  const parts = items.map((item) => `${statusLabel(item.status)} ${formatCount(item.count)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** The month with the most (the latest of equals), or undefined when every month is zero. */
export function peak<T extends { month: string }>(rows: T[], value: (row: T) => number): T | undefined {
  return rows.reduce<T | undefined>(
    (best, row) => (value(row) > 0 && (!best || value(row) >= value(best)) ? row : best),
    undefined,
  );
}
