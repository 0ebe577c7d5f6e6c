import {
  createTokenSigner,
  type Database,
  generateSigningKey,
  type SigningKey,
  type TokenSigner,
} from '@linksmate/platform';
import { desc, isNull, sql } from 'drizzle-orm';
import type { JSONWebKeySet, JWK } from 'jose';
import type * as schema from '../../db/schema';
import { signingKeys } from '../../db/schema';

/** Advisory lock under which the first signing key is made. */
const SIGNING_KEY_LOCK = 7_001_001;

function publicHalf(privateJwk: JWK): JWK {
  const { d: _secret, ...publicJwk } = privateJwk;
  return publicJwk;
}

/**
 * The keys identity signs access tokens with. A key given in configuration wins; otherwise the
 * newest key in the database signs, and one is generated on first start. Every unretired key
 * stays in the JWKS so tokens signed before a rotation still verify.
 */
export class SigningKeys {
  private constructor(
    readonly signer: TokenSigner,
    private readonly published: JWK[],
  ) {}

  static async load(
    db: Database<typeof schema>,
    options: { configuredJwk?: string; ttlSeconds: number },
  ): Promise<SigningKeys> {
    if (options.configuredJwk) {
      const privateJwk = JSON.parse(options.configuredJwk) as JWK;
      if (!privateJwk.kid) throw new Error('JWT_PRIVATE_JWK needs a kid');
      const key: SigningKey = {
        kid: privateJwk.kid,
        privateJwk,
        publicJwk: { ...publicHalf(privateJwk), use: 'sig', alg: 'ES256' },
      };
      return new SigningKeys(await createTokenSigner(key, options.ttlSeconds), [key.publicJwk]);
    }
    // Replicas starting together agree on one key: the first to take the lock makes it.
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`);
      const active = () =>
        tx
          .select()
          .from(signingKeys)
          .where(isNull(signingKeys.retiredAt))
          .orderBy(desc(signingKeys.createdAt));
      const existing = await active();
      if (existing.length) return existing;
      const generated = await generateSigningKey();
      await tx
        .insert(signingKeys)
        .values({ kid: generated.kid, privateJwk: generated.privateJwk, publicJwk: generated.publicJwk });
      return active();
    });
    const newest = rows[0]!;
    const key: SigningKey = {
      kid: newest.kid,
      privateJwk: newest.privateJwk as JWK,
      publicJwk: newest.publicJwk as JWK,
    };
    return new SigningKeys(
      await createTokenSigner(key, options.ttlSeconds),
      rows.map((r) => r.publicJwk as JWK),
    );
  }

  jwks(): JSONWebKeySet {
    return { keys: this.published };
  }
}
