import { USERNAME } from '@linksmate/proto';

/** What a username is made from when the platform makes an account without one. */
export interface UsernameHints {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
}

/** Letters without their accents, lower case, every other run of characters one underscore. */
function slug(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const FALLBACK = 'golfer';

/**
 * The stem a made-up username starts from: the person's names when the account has them, else
 * the e-mail's local part, else 'golfer'. Names come first because a username is shown to other
 * golfers and the local part would show them much of the address (which the profile itself masks).
 * Too short a stem gets '_golfer' after it, so every candidate keeps the username rules.
 */
export function usernameStem(hints: UsernameHints): string {
  const names = [slug(hints.first_name), slug(hints.last_name)].filter(Boolean).join('_');
  const at = hints.email.lastIndexOf('@');
  const stem = names || slug(at < 0 ? hints.email : hints.email.slice(0, at)) || FALLBACK;
  if (stem.length >= USERNAME.minLength) return stem.slice(0, USERNAME.maxLength);
  return `${stem}_${FALLBACK}`;
}

/**
 * The names to try, in order: the stem, then the stem with 1, 2, 3… after it, the stem cut short
 * where stem and digits would pass the longest a username may be.
 */
export function usernameCandidates(stem: string, from: number, count: number): string[] {
  const candidates: string[] = [];
  for (let n = from; n < from + count; n++) {
    const digits = n === 0 ? '' : String(n);
    candidates.push(`${stem.slice(0, USERNAME.maxLength - digits.length)}${digits}`);
  }
  return candidates;
}
