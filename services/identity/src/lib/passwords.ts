import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP / ASVS minimum: 19 MiB memory, 2 iterations, 1 lane. The encoded hash
 * carries its parameters, so raising them later still verifies older hashes.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

const PHC_ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/;

/** Whether a hash given to identity is one it could have made: argon2id in PHC form, at least ARGON2ID's cost. */
export function isAcceptedPasswordHash(encoded: string): boolean {
  const parts = PHC_ARGON2ID.exec(encoded);
  return (
    parts !== null &&
    Number(parts[1]) >= ARGON2ID.memoryCost &&
    Number(parts[2]) >= ARGON2ID.timeCost &&
    Number(parts[3]) >= ARGON2ID.parallelism
  );
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/**
 * Spends the same time as a real check when no account matches, so response times do not tell
 * which e-mail addresses have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-that-never-matches');
  await verifyPassword(await decoy, password);
  return false;
}
