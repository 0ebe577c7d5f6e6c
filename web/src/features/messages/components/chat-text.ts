/** Spec 2 "Messaging": avatars without a picture show initials on one of eight colours. */
/** Dark enough that white initials read at 4.5:1 or more on each. */
const AVATAR_COLOURS = [
  '#1b5e20',
  '#0d47a1',
  '#4a148c',
  '#b71c1c',
  '#bf360c',
  '#006064',
  '#37474f',
  '#880e4f',
];

export function avatarColour(seed: string | number): string {
  const text = String(seed);
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

export function personName(person: {
  first_name?: string | null;
  last_name?: string | null;
  username?: string;
}) {
  return (
    [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || person.username || 'Member'
  );
}

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

/** "just now", "5 minutes ago", "yesterday"… (spec 2: relative sent times). */
export function relativeTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
