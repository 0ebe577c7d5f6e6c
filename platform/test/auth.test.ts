import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@linksmate/proto';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpApp,
  createJwksVerifier,
  createLocalVerifier,
  generateSigningKey,
  type HttpApp,
  InvalidTokenError,
  registerAuthentication,
  registerRouteAccess,
  rememberVerified,
  type SigningKey,
  TOKEN_ALGORITHM,
  type TokenVerifier,
} from '../src';
import { silentLogger } from '../src/testing/bus';
import { createTestAuth, type TestAuth } from '../src/testing/tokens';

describe('token verification and guards', () => {
  let auth: TestAuth;
  let app: HttpApp;

  beforeAll(async () => {
    auth = await createTestAuth();
    app = await createHttpApp({ name: 'guarded', logger: silentLogger() });
    registerAuthentication(app as unknown as FastifyInstance, createJwksVerifier(auth.jwksUrl));
    registerRouteAccess(app as unknown as FastifyInstance, { serviceToken: 'a-very-long-service-token' });
    app.get('/public', async (request) => ({ user: request.user?.user_id ?? null }));
    app.get('/me', { config: { access: 'user' } }, async (request) => request.user);
    app.get('/admin', { config: { access: { roles: ['admin', 'site_admin'] } } }, async () => ({ ok: true }));
    app.get('/games', { config: { access: 'member' } }, async () => ({ ok: true }));
    app.get('/internal/thing', { config: { access: 'service' } }, async () => ({ ok: true }));
    app.post(
      '/things',
      {
        config: { access: 'user' },
        schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }, { required: ['name'] }) },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await auth.close();
  });

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it('when a valid token is sent, then its claims are verified through the JWKS', async () => {
    const token = await auth.tokenFor(7, 'coach', { membership_status: 'active', ver: 2 });
    const res = await get('/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: 7,
      sub: '7',
      role: 'coach',
      ver: 2,
      membership_status: 'active',
    });
  });

  it('when no token is sent to a protected route, then 401', async () => {
    expect((await get('/me')).statusCode).toBe(401);
    expect((await get('/public')).json()).toEqual({ user: null });
  });

  it('when the token is expired, then 401 token_expired', async () => {
    const token = await auth.tokenFor(7, 'member', { now: new Date(Date.now() - 3_600_000), ttlSeconds: 60 });
    const res = await get('/public', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
  });

  it('when the token is signed by another key, then 401 invalid_token', async () => {
    const stranger = await createTestAuth();
    const res = await get('/me', await stranger.tokenFor(7));
    await stranger.close();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_token');
  });

  it('when the token is tampered with, then 401', async () => {
    const token = await auth.tokenFor(7, 'member');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    expect((await get('/admin', `${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it('when the role is not allowed, then 403; when it is, then 200', async () => {
    expect((await get('/admin', await auth.tokenFor(1, 'member'))).statusCode).toBe(403);
    expect((await get('/admin', await auth.tokenFor(1, 'site_admin'))).statusCode).toBe(200);
  });

  it('when a member has no valid membership, then 402; active, trialing, coach and admin pass', async () => {
    const none = await get('/games', await auth.tokenFor(1, 'member'));
    expect(none.statusCode).toBe(402);
    expect(none.json()).toMatchObject({ membership_required: true, redirect_url: '/membership' });
    const past = await auth.tokenFor(1, 'member', {
      membership_status: 'active',
      membership_ends_at: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await get('/games', past)).statusCode).toBe(402);
    expect(
      (await get('/games', await auth.tokenFor(1, 'member', { membership_status: 'past_due' }))).statusCode,
    ).toBe(402);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (const token of [
      await auth.tokenFor(1, 'member', { membership_status: 'active', membership_ends_at: future }),
      await auth.tokenFor(1, 'member', { membership_status: 'trialing', membership_ends_at: future }),
      await auth.tokenFor(1, 'member', { membership_status: 'active', membership_ends_at: null }),
      await auth.tokenFor(1, 'coach'),
      await auth.tokenFor(1, 'facility_admin'),
    ]) {
      expect((await get('/games', token)).statusCode).toBe(200);
    }
  });

  it('when the service token is missing or wrong, then internal routes refuse', async () => {
    expect((await get('/internal/thing')).statusCode).toBe(401);
    expect((await get('/internal/thing', undefined, { 'x-service-token': 'wrong' })).statusCode).toBe(401);
    const ok = await get('/internal/thing', undefined, { 'x-service-token': 'a-very-long-service-token' });
    expect(ok.statusCode).toBe(200);
  });

  it('when a protected route gets a bad body without a token, then it says 401, not the body problem', async () => {
    const post = (payload: unknown, token?: string) =>
      app.inject({
        method: 'POST',
        url: '/things',
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const anonymous = await post({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthorized');
    const signedIn = await post({}, await auth.tokenFor(5));
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().errors).toEqual({ name: 'name is required' });
  });
});

describe('route access in the OpenAPI description', () => {
  it('when routes declare access, then the description says so and internal routes are hidden', async () => {
    const documented = await createHttpApp({
      name: 'documented',
      logger: silentLogger(),
      openapi: { title: 't' },
    });
    registerRouteAccess(documented as unknown as FastifyInstance, {
      serviceToken: 'a-very-long-service-token',
    });
    documented.get('/open', async () => ({ ok: true }));
    documented.get('/mine', { config: { access: 'member' } }, async () => ({ ok: true }));
    documented.get('/internal/secret', { config: { access: 'service' } }, async () => ({ ok: true }));
    await documented.ready();
    const paths = (await documented.inject('/openapi.json')).json().paths;
    await documented.close();
    expect(paths['/open'].get.security).toBeUndefined();
    expect(paths['/mine'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(paths['/mine'].get.responses)).toEqual(expect.arrayContaining(['401', '402']));
    expect(paths['/internal/secret']).toBeUndefined();
  });
});

describe('JWKS key rotation', () => {
  it('when a token names a key id not yet cached, then the key set is fetched again', async () => {
    const first = await createTestAuth();
    const second = await createTestAuth();
    let served = first.signer.jwks();
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => res.end(JSON.stringify(served)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const verifier = createJwksVerifier(`http://127.0.0.1:${port}/jwks`, { refetchCooldownMs: 0 });
    expect((await verifier.verify(await first.tokenFor(3))).user_id).toBe(3);
    served = { keys: [...first.signer.jwks().keys, ...second.signer.jwks().keys] };
    expect((await verifier.verify(await second.tokenFor(4))).user_id).toBe(4);
    server.close();
    await first.close();
    await second.close();
  });
});

describe('remembered verifications', () => {
  const claims = (exp: number) => ({
    sub: '9',
    user_id: 9,
    role: 'member' as const,
    exp,
    iat: exp - 900,
    jti: 'j',
    ver: 0,
    membership_status: null,
    membership_ends_at: null,
  });
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

  it('when the same token comes again, then its claims are answered without verifying it again', async () => {
    const verified: string[] = [];
    const verifier = rememberVerified({
      verify: async (token) => {
        verified.push(token);
        return claims(inSeconds(600));
      },
    });
    const first = await verifier.verify('token-a');
    expect(await verifier.verify('token-a')).toBe(first);
    await verifier.verify('token-b');
    expect(verified).toEqual(['token-a', 'token-b']);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('when a remembered token has expired since, then it is refused as expired', async () => {
    const verifier = rememberVerified({ verify: async () => claims(inSeconds(1)) });
    await verifier.verify('short-lived');
    await new Promise((r) => setTimeout(r, 1_100));
    await expect(verifier.verify('short-lived')).rejects.toMatchObject({ reason: 'expired' });
  });

  it('when a token is refused, then it is not remembered; when capacity is reached, the oldest goes', async () => {
    let calls = 0;
    const verifier = rememberVerified(
      {
        verify: async (token) => {
          calls++;
          if (token === 'bad') throw new InvalidTokenError('Token is invalid', 'invalid');
          return claims(inSeconds(600));
        },
      },
      { capacity: 2 },
    );
    await expect(verifier.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toBe(2);
    await verifier.verify('one');
    await verifier.verify('two');
    await verifier.verify('three');
    calls = 0;
    await verifier.verify('three');
    await verifier.verify('two');
    expect(calls).toBe(0);
    await verifier.verify('one');
    expect(calls).toBe(1);
  });
});

describe('what a token must be, beyond its signature', () => {
  let key: SigningKey;
  let verifier: TokenVerifier;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = { user_id: 5, role: 'member', ver: 0 };

  beforeAll(async () => {
    key = await generateSigningKey();
    verifier = createLocalVerifier({ keys: [key.publicJwk] });
  });

  /** A token signed with the trusted key, with its header and registered claims as given (null: left out). */
  async function signed(
    header: Record<string, unknown> = {},
    registered: Record<string, unknown> = {},
  ): Promise<string> {
    const privateKey = await importJWK(key.privateJwk, TOKEN_ALGORITHM);
    const payload = Object.fromEntries(
      Object.entries({
        ...claims,
        sub: '5',
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat: now(),
        exp: now() + 600,
        ...registered,
      }).filter(([, value]) => value !== null),
    );
    return new SignJWT(payload)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT', ...header })
      .sign(privateKey);
  }

  it('when every check holds, then the claims are answered; the audience may be one of several', async () => {
    expect(await verifier.verify(await signed())).toMatchObject({ user_id: 5, sub: '5', role: 'member' });
    expect(await verifier.verify(await signed({}, { aud: ['another', TOKEN_AUDIENCE] }))).toMatchObject({
      user_id: 5,
    });
  });

  it('when the expiry has come, then it is refused as expired', async () => {
    await expect(verifier.verify(await signed({}, { exp: now() }))).rejects.toMatchObject({
      reason: 'expired',
    });
  });

  it('when a trusted signature covers another issuer, audience, a later start or no expiry, then it is invalid', async () => {
    const refused = [
      await signed({}, { iss: 'https://elsewhere.example' }),
      await signed({}, { aud: 'another-audience' }),
      await signed({}, { aud: ['another-audience', 'a-third'] }),
      await signed({}, { nbf: now() + 600 }),
      await signed({}, { exp: null }),
      await signed({}, { exp: String(now() + 600) }),
      await signed({}, { iat: 'yesterday' }),
    ];
    for (const token of refused) {
      await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    }
  });

  it('when the header asks for critical extensions or an unencoded payload, then it is invalid', async () => {
    const critical = await signed({ crit: ['exp'] }).catch(() => null);
    const unencoded = await signed({ b64: true, crit: ['b64'] }).catch(() => null);
    for (const token of [critical, unencoded].filter((t): t is string => t !== null)) {
      await expect(verifier.verify(token)).rejects.toMatchObject({ reason: 'invalid' });
    }
  });

  it('when the algorithm is none or another one, then it is invalid whatever the signature', async () => {
    const token = await signed();
    const [, payload, signature] = token.split('.');
    for (const alg of ['none', 'HS256', 'ES384', 'RS256']) {
      const header = Buffer.from(JSON.stringify({ alg, kid: key.kid, typ: 'JWT' })).toString('base64url');
      await expect(verifier.verify(`${header}.${payload}.${signature}`)).rejects.toMatchObject({
        reason: 'invalid',
      });
      await expect(verifier.verify(`${header}.${payload}.`)).rejects.toMatchObject({ reason: 'invalid' });
    }
  });

  it('when the token is not three base64url segments, then it is invalid', async () => {
    const token = await signed();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    for (const odd of [
      `${header}.${payload}`,
      `${token}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}+.${signature}`,
      `${header}..${signature}`,
      'not-a-token',
    ]) {
      await expect(verifier.verify(odd)).rejects.toMatchObject({ reason: 'invalid' });
    }
  });

  it('when the signature is cut short or flipped, then it is invalid', async () => {
    const token = await signed();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64url');
    const flipped = Buffer.from(bytes);
    flipped[10] = flipped[10]! ^ 1;
    for (const sig of [bytes.subarray(0, 63), flipped]) {
      await expect(
        verifier.verify(`${header}.${payload}.${sig.toString('base64url')}`),
      ).rejects.toMatchObject({
        reason: 'invalid',
      });
    }
  });
});

describe('the service token while it rotates', () => {
  /** A service's internal route as a replica configured with `current` (and `next`) guards it. */
  async function replica(current: string, next?: string) {
    const app = await createHttpApp({ name: 'rotating', logger: silentLogger() });
    registerRouteAccess(app as unknown as FastifyInstance, { serviceToken: current, nextServiceToken: next });
    app.get('/internal/thing', { config: { access: 'service' } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const callWith = async (app: HttpApp, token: string) =>
    (await app.inject({ url: '/internal/thing', headers: { 'x-service-token': token } })).statusCode;

  it('when the token goes from old to new in three rolling steps, then no call between replicas of any step is refused', async () => {
    const OLD = 'old-service-token-0001';
    const NEW = 'new-service-token-0002';
    // The deploy steps: accept the new one too; send the new one (the old still accepted); drop the old.
    const steps = [
      { current: OLD, next: undefined },
      { current: OLD, next: NEW },
      { current: NEW, next: OLD },
      { current: NEW, next: undefined },
    ];
    // During a rolling update, replicas of two neighbouring steps call each other.
    for (let i = 0; i + 1 < steps.length; i++) {
      const [before, after] = [steps[i]!, steps[i + 1]!];
      const [a, b] = [await replica(before.current, before.next), await replica(after.current, after.next)];
      expect(await callWith(a, before.current), `step ${i} to itself`).toBe(200);
      expect(await callWith(b, before.current), `step ${i} calling step ${i + 1}`).toBe(200);
      expect(await callWith(a, after.current), `step ${i + 1} calling step ${i}`).toBe(200);
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('when a call carries neither the current nor the next token, then 401', async () => {
    const app = await replica('current-service-token-01', 'next-service-token-0002');
    expect(await callWith(app, 'next-service-token-0002')).toBe(200);
    expect(await callWith(app, 'someone-elses-token-0003')).toBe(401);
    expect(await callWith(app, '')).toBe(401);
    await app.close();
  });
});
