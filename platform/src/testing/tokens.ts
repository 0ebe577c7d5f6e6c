import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@linksmate/proto';
import { createTokenSigner, generateSigningKey, type TokenSigner, type TokenSubject } from '../auth/tokens';

export interface TestAuth {
  jwksUrl: string;
  signer: TokenSigner;
  /** A signed token for any role; membership and version claims can be set. */
  tokenFor(
    userId: number,
    role?: Role,
    overrides?: Partial<TokenSubject> & { ttlSeconds?: number; now?: Date },
  ): Promise<string>;
  close(): Promise<void>;
}

/** A signing key and a JWKS endpoint serving its public half, as identity would. */
export async function createTestAuth(): Promise<TestAuth> {
  const key = await generateSigningKey();
  const signer = await createTokenSigner(key);
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(signer.jwks()));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    signer,
    tokenFor: (userId, role = 'member', overrides = {}) => {
      const { ttlSeconds, now, ...claims } = overrides;
      return signer.sign(
        { user_id: userId, role, ver: 0, membership_status: null, membership_ends_at: null, ...claims },
        { ttlSeconds, now },
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
