import { createHash, randomBytes } from 'node:crypto';

/** A random single-use token for an e-mail link (256 bits, URL-safe). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a database leak does not hand out working links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
