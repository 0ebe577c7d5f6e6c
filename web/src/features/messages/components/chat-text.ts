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
