import { eventually } from '@linksmate/platform/testing';
import { REFRESH_COOKIE_NAME } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type IdentityOnBus, PASSWORD, startIdentity } from './fixtures/identity-on-bus';
import { RabbitServices } from './fixtures/rabbit-services';

const SERVICE_TOKEN = 'sessions-integration-service-token';

/** A browser's view of one session: its access token and the cookie the gateway handed it. */
interface Browser {
  token: string;
  cookie: string;
}

describe('sessions through the gateway: cookie, rotation, revocation', () => {
  const services = new RabbitServices();
  let identity: IdentityOnBus;
  let base: string;

  beforeAll(async () => {
    identity = await startIdentity(services, SERVICE_TOKEN);
    ({ base } = await services.gateway('gateway', identity.env));
  });

  afterAll(() => services.close());

  const ourCookie = (res: Response) =>
    res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE_NAME}=`));

  const account = async (username: string) => (await createAccount(identity, username)).email;

  async function login(email: string, prefix = '/api/v1'): Promise<Browser & { setCookie: string }> {
    const res = await fetch(`${base}${prefix}/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const setCookie = ourCookie(res)!;
    return {
      token: ((await res.json()) as { token: string }).token,
      cookie: setCookie.split(';')[0]!,
      setCookie,
    };
  }

  const call = (method: string, path: string, browser: Partial<Browser>) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        ...(browser.token ? { authorization: `Bearer ${browser.token}` } : {}),
        ...(browser.cookie ? { cookie: browser.cookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? '{}' : undefined,
    });

  it('when a person logs in through the gateway, then the cookie is HttpOnly, Secure, SameSite=Strict and scoped to the auth routes of the prefix used', async () => {
    const email = await account('gateway_gina');
    const { setCookie } = await login(email);
    const attributes = setCookie.split(';').map((part) => part.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/v1/auth', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    const viaAlias = await login(email, '/v1');
    expect(viaAlias.setCookie.split(';').map((part) => part.trim())).toContain('Path=/v1/auth');
  });

  it('when the browser refreshes with its cookie, then it gets a new token and a new cookie each time, and an old cookie shown again ends the session', async () => {
    const email = await account('gateway_gus');
    const browser = await login(email);
    // No bearer token: the access token may have expired; the cookie is the credential.
    const refreshed = await call('POST', '/auth/refresh', { cookie: browser.cookie });
    expect(refreshed.status).toBe(200);
    const next = ourCookie(refreshed)!.split(';')[0]!;
    expect(next).not.toBe(browser.cookie);
    const again = await call('POST', '/auth/refresh', { cookie: next });
    expect(again.status).toBe(200);
    const newest = ourCookie(again)!.split(';')[0]!;
    const { token } = (await again.json()) as { token: string };
    expect((await call('GET', '/profile', { token })).status).toBe(200);

    // The first token, two exchanges back: copied, so the session ends.
    const replayed = await call('POST', '/auth/refresh', { cookie: browser.cookie });
    expect(replayed.status).toBe(401);
    expect(ourCookie(replayed)).toContain('Max-Age=0');
    expect((await call('POST', '/auth/refresh', { cookie: newest })).status).toBe(401);
    // The reuse moved the token version on: the gateway refuses the access token at once.
    await eventually(async () => expect((await call('GET', '/profile', { token })).status).toBe(401));
  });

  it('when the person lists their sessions through the gateway, then this browser is marked current', async () => {
    const email = await account('gateway_gil');
    const laptop = await login(email);
    await login(email);
    const res = await call('GET', '/auth/sessions', laptop);
    expect(res.status).toBe(200);
    const { sessions } = (await res.json()) as { sessions: Array<{ device: string; current: boolean }> };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]!.device).toBe('Chrome on Linux');
  });

  it('when the person logs out, then the session cannot be refreshed and its access token is refused by the gateway', async () => {
    const email = await account('gateway_liv');
    const browser = await login(email);
    const out = await call('POST', '/auth/logout', { cookie: browser.cookie });
    expect(out.status).toBe(200);
    expect(ourCookie(out)).toContain('Max-Age=0');
    expect((await call('POST', '/auth/refresh', { cookie: browser.cookie })).status).toBe(401);
    await eventually(async () =>
      expect((await call('GET', '/profile', { token: browser.token })).status).toBe(401),
    );
  });

  it('when the person signs out everywhere, then every session and every access token ends at once', async () => {
    const email = await account('gateway_ezra');
    const laptop = await login(email);
    const phone = await login(email);
    const res = await call('POST', '/auth/sessions/revoke-all', laptop);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Signed out everywhere', revoked: 2 });
    for (const browser of [laptop, phone]) {
      expect((await call('POST', '/auth/refresh', { cookie: browser.cookie })).status).toBe(401);
      await eventually(async () =>
        expect((await call('GET', '/profile', { token: browser.token })).status).toBe(401),
      );
    }
  });

  it('when a session route is called without a token, then 401', async () => {
    for (const [method, path] of [
      ['GET', '/auth/sessions'],
      ['POST', '/auth/sessions/revoke-all'],
      ['DELETE', '/auth/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/auth/change-password'],
      ['POST', '/auth/refresh'],
      ['POST', '/auth/logout'],
    ] as const) {
      expect((await call(method, path, {})).status, `${method} ${path}`).toBe(401);
    }
  });
});
