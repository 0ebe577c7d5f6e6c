/** Longest slug made from a name; a suffix for uniqueness may follow it. */
export const SLUG_MAX_LENGTH = 80;

/**
 * A URL slug from a name: accents dropped, lower case, words joined by '-' ("Côte d'Azur Golf" →
 * "cote-d-azur-golf"). A name with no Latin letters or digits at all becomes "venue".
 */
export function slugOf(text: string, fallback = 'venue'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The first of `base`, `base-2`, `base-3`… that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
