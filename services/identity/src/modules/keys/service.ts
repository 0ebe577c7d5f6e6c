import {
  type Clock,
  createChangingKeySetVerifier,
  createSealer,
  createTokenSigner,
  generateSigningKey,
  type Logger,
  OutageLog,
  type Sealer,
  type TokenSigner,
  type TokenVerifier,
} from '@linksmate/platform';
import type { JSONWebKeySet, JWK } from 'jose';
import type { IdentityConfig } from '../../config';
import type { Db } from '../../db/types';
import {
  addSigningKey,
  ensureSigningKeys,
  forgetRetiredPrivateKeys,
  type NewSigningKey,
  publishedSigningKeys,
  resealPrivateKeys,
  type StoredSigningKey,
} from './repository';

/**
 * How long a new key is published before it signs. Every identity replica has read it by then (it
 * reloads at least every 60 s), and a gateway or service that meets its kid has either fetched the key set
 * since it was published or may fetch it again (they refetch on an unknown kid at most every 30 s).
 */
export const PUBLISH_LEAD_SECONDS = 120;
/** Clocks of replicas differ a little: a retiring key stays published this much longer. */
const CLOCK_SKEW_SECONDS = 60;

/** The sealer of private keys: KEY_ENCRYPTION_KEY seals, it and KEY_ENCRYPTION_KEY_PREVIOUS open. */
export function keySealer(
  config: Pick<IdentityConfig, 'KEY_ENCRYPTION_KEY' | 'KEY_ENCRYPTION_KEY_PREVIOUS'>,
): Sealer {
  return createSealer({ current: config.KEY_ENCRYPTION_KEY, previous: config.KEY_ENCRYPTION_KEY_PREVIOUS });
}

/** A new key, its private half sealed, bound to its kid. */
async function newSealedKey(sealer: Sealer): Promise<NewSigningKey> {
  const key = await generateSigningKey();
  return {
    kid: key.kid,
    sealedPrivateKey: sealer.seal(JSON.stringify(key.privateJwk), key.kid),
    publicJwk: key.publicJwk,
  };
}

interface LoadedKey {
  kid: string;
  signsFrom: Date;
  publicJwk: JWK;
  signer?: TokenSigner;
}

/**
 * The keys identity signs access tokens with, kept in its database with their private halves sealed.
 * Every published key is in the JWKS, so tokens signed before a rotation verify until they expire;
 * the newest key whose time has come signs. Each replica reads the set again every SIGNING_KEY_RELOAD_SECONDS, so a
 * rotation made by any replica or by `ops keys rotate` reaches all of them without a restart.
 */
export class SigningKeys {
  private keys: LoadedKey[] = [];
  private keySet: JSONWebKeySet = { keys: [] };
  private reloadTimer?: NodeJS.Timeout;
  private loaded = false;
  /** Keys that did not open here, reported once each. */
  private readonly unopenable = new Set<string>();
  private readonly reloadOutage: OutageLog;
  /** Verifies tokens with the keys this replica holds (identity does not fetch its own JWKS). */
  readonly verifier: TokenVerifier = createChangingKeySetVerifier(() => this.keySet);
  readonly signer: TokenSigner = {
    sign: (subject, options) => this.signingKey(options?.now ?? this.deps.clock()).sign(subject, options),
    jwks: () => this.keySet,
  };

  private constructor(
    private readonly deps: { db: Db; sealer: Sealer; clock: Clock; ttlSeconds: number; logger: Logger },
  ) {
    this.reloadOutage = new OutageLog(deps.logger, 'signing keys: reloading (signing with the keys held)');
  }

  static async load(deps: {
    db: Db;
    sealer: Sealer;
    clock: Clock;
    ttlSeconds: number;
    logger: Logger;
  }): Promise<SigningKeys> {
    const keys = new SigningKeys(deps);
    const rows = await ensureSigningKeys(deps.db, {
      now: deps.clock(),
      generate: () => newSealedKey(deps.sealer),
      sealPlaintext: (kid, privateJwk) => deps.sealer.seal(JSON.stringify(privateJwk), kid),
    });
    await keys.hold(rows);
    return keys;
  }

  jwks(): JSONWebKeySet {
    return this.keySet;
  }

  /** Reads the published keys again; on failure the keys held stay in use. */
  async reload(): Promise<void> {
    try {
      await this.hold(await publishedSigningKeys(this.deps.db, this.deps.clock()));
      this.reloadOutage.succeeded();
    } catch (err) {
      this.reloadOutage.failed(err);
    }
  }

  /** Every `intervalMs` (SIGNING_KEY_RELOAD_SECONDS; at most 60 s, well inside the publish lead). */
  startReloading(intervalMs: number): void {
    this.reloadTimer = setInterval(() => void this.reload(), intervalMs);
    this.reloadTimer.unref();
  }

  stop(): void {
    clearInterval(this.reloadTimer);
  }

  private async hold(rows: StoredSigningKey[]): Promise<void> {
    const held = new Map(this.keys.map((key) => [key.kid, key]));
    const next: LoadedKey[] = [];
    for (const row of rows) {
      const known = held.get(row.kid);
      if (known?.signer || !row.sealedPrivateKey) {
        next.push(known ?? { kid: row.kid, signsFrom: row.signsFrom, publicJwk: row.publicJwk as JWK });
        continue;
      }
      let privateJwk: JWK;
      try {
        privateJwk = JSON.parse(this.deps.sealer.open(row.sealedPrivateKey, row.kid)) as JWK;
      } catch (err) {
        // At start a key that does not open stops identity (its KEY_ENCRYPTION_KEY is wrong). Later, a
        // key added under a key this replica lacks must not stop it signing: it publishes the key, so
        // tokens signed with it verify, and signs with the keys it can open.
        if (!this.loaded) throw err;
        if (!this.unopenable.has(row.kid)) {
          this.unopenable.add(row.kid);
          this.deps.logger.error(
            { err, kid: row.kid },
            'signing keys: a new key does not open with this KEY_ENCRYPTION_KEY; signing with the keys held',
          );
        }
        next.push({ kid: row.kid, signsFrom: row.signsFrom, publicJwk: row.publicJwk as JWK });
        continue;
      }
      const signer = await createTokenSigner(
        { kid: row.kid, privateJwk, publicJwk: row.publicJwk as JWK },
        this.deps.ttlSeconds,
      );
      next.push({ kid: row.kid, signsFrom: row.signsFrom, publicJwk: row.publicJwk as JWK, signer });
    }
    this.keys = next;
    this.keySet = { keys: next.map((key) => key.publicJwk) };
    this.loaded = true;
  }

  /** The newest key whose time to sign has come (keys are held newest first). */
  private signingKey(now: Date): TokenSigner {
    const key = this.keys.find((k) => k.signer && k.signsFrom <= now) ?? this.keys.find((k) => k.signer);
    if (!key?.signer) throw new Error('identity holds no signing key');
    return key.signer;
  }
}

export interface RotationResult {
  kid: string;
  signsFrom: Date;
  retiring: { kid: string; retiredAt: Date }[];
  /** Keys retired earlier whose private halves were deleted now. */
  forgotten: string[];
}

/**
 * Adds a new signing key: published at once, signing after PUBLISH_LEAD_SECONDS, when every other
 * key is scheduled to retire once the last token it may sign has expired (access-token lifetime and
 * clock skew later). No session is lost: refresh tokens do not depend on the key, and access tokens
 * signed by the old key verify until they expire.
 */
export async function rotateSigningKeys(
  db: Db,
  options: { sealer: Sealer; clock: Clock; accessTokenTtlSeconds: number; publishLeadSeconds?: number },
): Promise<RotationResult> {
  const now = options.clock();
  const signsFrom = new Date(now.getTime() + (options.publishLeadSeconds ?? PUBLISH_LEAD_SECONDS) * 1000);
  const retireOthersAt = new Date(
    signsFrom.getTime() + (options.accessTokenTtlSeconds + CLOCK_SKEW_SECONDS) * 1000,
  );
  // A rotation made with another KEY_ENCRYPTION_KEY (a wrong setting in the operator's shell) would
  // add a key no replica can open: the key signing now must open with this sealer first.
  const signing = (await publishedSigningKeys(db, now)).find(
    (row) => row.sealedPrivateKey && row.signsFrom <= now,
  );
  if (signing?.sealedPrivateKey) {
    try {
      options.sealer.open(signing.sealedPrivateKey, signing.kid);
    } catch (err) {
      throw new Error(
        `the signing key ${signing.kid} does not open with this KEY_ENCRYPTION_KEY (${(err as Error).message}); rotate with the key identity runs with`,
      );
    }
  }
  const forgotten = await forgetRetiredPrivateKeys(db, now);
  const key = await newSealedKey(options.sealer);
  const { retiring } = await addSigningKey(db, key, { now, signsFrom, retireOthersAt });
  return { kid: key.kid, signsFrom, retiring, forgotten };
}

/**
 * Seals every kept private key with the current KEY_ENCRYPTION_KEY: the step after rolling out a
 * new one (the previous still set), before the previous is dropped.
 */
export function resealSigningKeys(db: Db, sealer: Sealer): Promise<{ resealed: number; current: number }> {
  return resealPrivateKeys(db, (kid, sealed) =>
    sealer.isCurrent(sealed) ? null : sealer.seal(sealer.open(sealed, kid), kid),
  );
}

/** The published keys, for an operator: which signs, which retire when. */
export async function signingKeyStatus(
  db: Db,
  clock: Clock,
): Promise<{ kid: string; signsFrom: Date; retiredAt: Date | null; signing: boolean }[]> {
  const now = clock();
  const rows = await publishedSigningKeys(db, now);
  const signingKid = rows.find((row) => row.sealedPrivateKey && row.signsFrom <= now)?.kid;
  return rows.map((row) => ({
    kid: row.kid,
    signsFrom: row.signsFrom,
    retiredAt: row.retiredAt,
    signing: row.kid === signingKid,
  }));
}
