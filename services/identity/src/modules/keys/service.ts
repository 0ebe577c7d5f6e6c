import {
  createTokenSigner,
  generateSigningKey,
  type SigningKey,
  type TokenSigner,
} from '@linksmate/platform';
import type { JSONWebKeySet, JWK } from 'jose';
import type { Db } from '../../db/types';
import { activeSigningKeys } from './repository';

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

  static async load(db: Db, options: { configuredJwk?: string; ttlSeconds: number }): Promise<SigningKeys> {
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
    const rows = await activeSigningKeys(db, generateSigningKey);
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
