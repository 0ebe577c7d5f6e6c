import { type Clock, createDatabase, loadConfig, outboxWriter, systemClock } from '@linksmate/platform';
import Type from 'typebox';
import { IdentityConfigSchema } from './config';
import * as schema from './db/schema';
import type { Db } from './db/types';
import { LoginGuard } from './modules/auth/login-guard';
import { retireAllSigningKeys } from './modules/keys/repository';
import {
  keySealer,
  type RotationResult,
  resealSigningKeys,
  rotateSigningKeys,
  signingKeyStatus,
} from './modules/keys/service';
import { UsersService } from './modules/users/service';

/**
 * What the operator command (tools/src/ops) does in identity's database, through identity's own
 * code, with no HTTP server or bus: changes are published through the outbox, which the running
 * service's relay sends.
 */

export interface UnlockedAccount {
  userId: number;
  email: string;
}

/**
 * Clears the login guard's failures on the account as a password reset does: strangers' failed
 * attempts so far stop holding it back (the per-address limit is the network's, and stays).
 * Undefined when no account has the address.
 */
export async function unlockAccount(
  databaseUrl: string,
  email: string,
  clock: Clock = systemClock,
): Promise<UnlockedAccount | undefined> {
  const database = createDatabase(databaseUrl, schema, { max: 1, applicationName: 'linksmate-ops' });
  const users = new UsersService({ runtime: outboxWriter('identity', database.db), clock });
  try {
    return await database.db.transaction(async (tx) => {
      const user = await users.byEmail(email, tx, { lock: true });
      if (!user) return undefined;
      await users.change(tx, user.id, LoginGuard.clearedFailures(clock()), { actor: null });
      return { userId: user.id, email: user.email };
    });
  } finally {
    await database.close();
  }
}

/** What the key verbs read from the environment: identity's own variables and defaults. */
const KeyConfigSchema = Type.Object({
  NODE_ENV: IdentityConfigSchema.properties.NODE_ENV,
  KEY_ENCRYPTION_KEY: IdentityConfigSchema.properties.KEY_ENCRYPTION_KEY,
  KEY_ENCRYPTION_KEY_PREVIOUS: IdentityConfigSchema.properties.KEY_ENCRYPTION_KEY_PREVIOUS,
  ACCESS_TOKEN_TTL_SECONDS: IdentityConfigSchema.properties.ACCESS_TOKEN_TTL_SECONDS,
});

async function withIdentityDatabase<T>(databaseUrl: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = createDatabase(databaseUrl, schema, { max: 1, applicationName: 'linksmate-ops' });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Adds a new signing key (published now, signing after the publish lead) and schedules the others
 * to retire once their tokens have expired; the running replicas take it up as they reload.
 */
export function rotateKeys(
  databaseUrl: string,
  env: Record<string, string | undefined>,
  clock: Clock = systemClock,
): Promise<RotationResult> {
  const config = loadConfig(KeyConfigSchema, env, 'identity');
  return withIdentityDatabase(databaseUrl, (db) =>
    rotateSigningKeys(db, {
      sealer: keySealer(config),
      clock,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    }),
  );
}

/** Seals every kept private key with the current KEY_ENCRYPTION_KEY (the previous one opening the rest). */
export function resealKeys(
  databaseUrl: string,
  env: Record<string, string | undefined>,
): Promise<{ resealed: number; current: number }> {
  const config = loadConfig(KeyConfigSchema, env, 'identity');
  return withIdentityDatabase(databaseUrl, (db) => resealSigningKeys(db, keySealer(config)));
}

/**
 * Retires every signing key at once and deletes the private halves: for when the key that sealed
 * them is lost. identity's next start makes a new key; access tokens signed before stop verifying,
 * and people get new ones through their sessions' refresh tokens.
 */
export function resetKeys(databaseUrl: string, clock: Clock = systemClock): Promise<string[]> {
  return withIdentityDatabase(databaseUrl, (db) => retireAllSigningKeys(db, clock()));
}

/** The published keys: which signs now, when each signs from and retires. */
export function keyStatus(databaseUrl: string, clock: Clock = systemClock) {
  return withIdentityDatabase(databaseUrl, (db) => signingKeyStatus(db, clock));
}
