import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLabel } from '../src/lib/user-agents';
import { IdentityUnderTest, PASSWORD, startIdentity } from './fixtures';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const cookieOf = IdentityUnderTest.refreshCookie;

describe('identity: sessions', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity?.close());

  const loginFrom = (email: string, userAgent: string, password = PASSWORD) =>
    identity.post('/auth/login', { email, password }, { 'user-agent': userAgent });

  async function tokenVersion(id: number): Promise<number> {
    const { rows } = await identity.pool.query('select token_version from users where id = $1', [id]);
    return rows[0].token_version;
  }

  it('when a person logs in, then the refresh token is in an HttpOnly, Secure, SameSite=Strict cookie scoped to the auth routes, not in the body', async () => {
    await identity.verifiedUser('cookie_carl', 'carl@example.com');
    const res = await identity.login('carl@example.com');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^linksmate_refresh=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('; Path=/api/v1/auth;');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; Secure');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain(`; Max-Age=${REFRESH_TOKEN_TTL_SECONDS};`);

    const viaAlias = await identity.post(
      '/auth/login',
      { email: 'carl@example.com', password: PASSWORD },
      { 'x-forwarded-prefix': '/v1' },
    );
    expect(String(viaAlias.headers['set-cookie'])).toContain('; Path=/v1/auth;');
    const elsewhere = await identity.post(
      '/auth/login',
      { email: 'carl@example.com', password: PASSWORD },
      { 'x-forwarded-prefix': '/evil' },
    );
    expect(String(elsewhere.headers['set-cookie'])).toContain('; Path=/api/v1/auth;');
  });

  it('when a refresh token is used, then it is exchanged for a new one and the old one is then refused, ending the session', async () => {
    const { refresh: first } = await identity.verifiedUser('rotating_rita', 'rita@example.com');
    const refreshed = await identity.refresh(first);
    expect(refreshed.statusCode).toBe(200);
    const second = cookieOf(refreshed)!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    await (await identity.verifier()).verify(refreshed.json().token);

    const third = cookieOf(await identity.refresh(second))!;
    const replayed = await identity.refresh(first);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      error: 'Your session has ended. Please log in again.',
      code: 'session_ended',
    });
    expect(cookieOf(replayed)).toBe('');
    // The whole family is revoked: the newest token dies with the replayed one.
    expect((await identity.refresh(third)).statusCode).toBe(401);
  });

  it('when an exchanged token is shown again, then the session ends, its newest token too, and every access token of the person stops counting', async () => {
    const me = await identity.verifiedUser('reused_rob', 'rob@example.com');
    const elsewhere = cookieOf(await identity.login('rob@example.com'))!;
    const versionBefore = await tokenVersion(me.id);
    const next = cookieOf(await identity.refresh(me.refresh))!;

    identity.clock.advance(REFRESH_REUSE_GRACE_SECONDS * 1000 + 1_000);
    const stolen = await identity.refresh(me.refresh);
    expect(stolen.statusCode).toBe(401);
    expect((await identity.refresh(next)).statusCode).toBe(401);
    expect(await tokenVersion(me.id)).toBe(versionBefore + 1);
    const updated = (await identity.published('identity.user.updated')).filter(
      (e) => (e.data as { user_id: number }).user_id === me.id,
    );
    expect((updated.at(-1)!.data as { token_version: number }).token_version).toBe(versionBefore + 1);
    // Another login of the same person is another session: it goes on.
    expect((await identity.refresh(elsewhere)).statusCode).toBe(200);
  });

  it('when two refreshes race with the same token, then both go on (the grace period), and the same token a third time ends the session', async () => {
    const me = await identity.verifiedUser('racing_ruth', 'ruth@example.com');
    const answers = await Promise.all([identity.refresh(me.refresh), identity.refresh(me.refresh)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const third = await identity.refresh(me.refresh);
    expect(third.statusCode).toBe(401);
    for (const answer of answers) expect((await identity.refresh(cookieOf(answer))).statusCode).toBe(401);
  });

  it('when the token just exchanged is shown again within seconds, then it is accepted once; after the grace period, the session ends', async () => {
    const me = await identity.verifiedUser('lost_answer_lia', 'lia@example.com');
    // The answer to this refresh never reached the browser: it still holds the first token.
    const lost = cookieOf(await identity.refresh(me.refresh))!;
    identity.clock.advance((REFRESH_REUSE_GRACE_SECONDS - 2) * 1000);
    const retried = await identity.refresh(me.refresh);
    expect(retried.statusCode).toBe(200);
    // The lost token was exchanged in the first one's place: only the newest counts.
    const newest = cookieOf(retried)!;
    expect(newest).not.toBe(lost);
    const following = cookieOf(await identity.refresh(newest))!;
    identity.clock.advance(REFRESH_REUSE_GRACE_SECONDS * 1000 + 1_000);
    expect((await identity.refresh(newest)).statusCode).toBe(401);
    expect((await identity.refresh(following)).statusCode).toBe(401);
  });

  it('when a person logs out, then that session ends, the cookie is cleared and other sessions go on', async () => {
    const me = await identity.verifiedUser('leaving_lou', 'lou@example.com');
    const other = cookieOf(await identity.login('lou@example.com'))!;
    const res = await identity.withSession('/auth/logout', me.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/^linksmate_refresh=; /);
    expect(cleared).toContain('Max-Age=0');
    expect((await identity.refresh(me.refresh)).statusCode).toBe(401);
    expect((await identity.refresh(other)).statusCode).toBe(200);
  });

  it('when a session goes unused past its lifetime, then its refresh token is refused', async () => {
    const me = await identity.verifiedUser('idle_ida', 'ida@example.com');
    identity.clock.advance(REFRESH_TOKEN_TTL_SECONDS * 1000 + 1_000);
    expect((await identity.refresh(me.refresh)).statusCode).toBe(401);
  });

  it('when the person lists their sessions, then each shows its device, when it was created and last seen, and which one is this browser', async () => {
    await identity.verifiedUser('listing_lea', 'lea@example.com');
    const laptop = await loginFrom('lea@example.com', CHROME_LINUX);
    const phone = await loginFrom('lea@example.com', SAFARI_IPHONE);
    identity.clock.advance(60_000);
    const phoneRefreshed = await identity.refresh(cookieOf(phone));
    const res = await identity.app.inject({
      method: 'GET',
      url: '/auth/sessions',
      headers: {
        authorization: `Bearer ${laptop.json().token}`,
        cookie: `linksmate_refresh=${cookieOf(laptop)}`,
      },
    });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as Array<Record<string, unknown>>;
    const devices = sessions.map((s) => s.device);
    expect(devices).toContain('Chrome on Linux');
    expect(devices).toContain('Safari on iOS');
    // Newest use first: the phone refreshed a minute after both logins.
    expect(sessions[0]).toMatchObject({ device: 'Safari on iOS', current: false });
    expect(Date.parse(sessions[0]!.last_seen_at as string)).toBeGreaterThan(
      Date.parse(sessions[0]!.created_at as string),
    );
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: 'Chrome on Linux' }),
    ]);
    expect(phoneRefreshed.statusCode).toBe(200);
  });

  it('when the person signs one session out, then only that one ends; another person’s session id is 404', async () => {
    const me = await identity.verifiedUser('pruning_pia', 'pia@example.com');
    const phone = cookieOf(await loginFrom('pia@example.com', SAFARI_IPHONE))!;
    const stranger = await identity.verifiedUser('stranger_sam', 'sam@example.com');
    const listed = (await identity.get('/auth/sessions', me.token)).json().sessions;
    expect(listed).toHaveLength(2);
    const phoneId = listed.find((s: { device: string }) => s.device === 'Safari on iOS').id;

    const strangers = await identity.app.inject({
      method: 'DELETE',
      url: `/auth/sessions/${phoneId}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(strangers.statusCode).toBe(404);
    expect((await identity.refresh(phone)).statusCode).toBe(200);

    const mine = await identity.app.inject({
      method: 'DELETE',
      url: `/auth/sessions/${phoneId}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ message: 'Session signed out' });
    // Not this browser's session: its cookie stays.
    expect(cookieOf(mine)).toBeUndefined();
    const fresh = (await identity.refresh(me.refresh)).json().token;
    expect((await identity.get('/auth/sessions', fresh)).json().sessions).toHaveLength(1);
    const again = await identity.app.inject({
      method: 'DELETE',
      url: `/auth/sessions/${phoneId}`,
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(again.statusCode).toBe(404);
    const badId = await identity.app.inject({
      method: 'DELETE',
      url: '/auth/sessions/not-a-uuid',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('when the person signs out everywhere, then every session ends, this one included, and every access token stops counting', async () => {
    const me = await identity.verifiedUser('everywhere_eve', 'eve@example.com');
    const other = cookieOf(await identity.login('eve@example.com'))!;
    const before = await tokenVersion(me.id);
    const res = await identity.withSession('/auth/sessions/revoke-all', me.refresh, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out everywhere', revoked: 2 });
    expect(cookieOf(res)).toBe('');
    expect(await tokenVersion(me.id)).toBe(before + 1);
    expect((await identity.refresh(me.refresh)).statusCode).toBe(401);
    expect((await identity.refresh(other)).statusCode).toBe(401);
  });

  it('when the person changes their password, then the other sessions end, this one goes on with the new token, and the old password stops working', async () => {
    const me = await identity.verifiedUser('changing_chen', 'chen@example.com');
    const other = cookieOf(await identity.login('chen@example.com'))!;
    const wrong = await identity.withSession('/auth/change-password', me.refresh, {
      token: me.token,
      payload: { current_password: 'Wr0ng!pass', new_password: 'N3w!password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: 'Current password is incorrect' });
    const weak = await identity.withSession('/auth/change-password', me.refresh, {
      token: me.token,
      payload: { current_password: PASSWORD, new_password: 'weak' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('weak_password');
    expect((await identity.refresh(other)).statusCode).toBe(200);
    const otherNow = cookieOf(await identity.login('chen@example.com'))!;

    const before = await tokenVersion(me.id);
    const res = await identity.withSession('/auth/change-password', me.refresh, {
      token: me.token,
      payload: { current_password: PASSWORD, new_password: 'N3w!password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Password changed successfully. Your other sessions have been signed out.',
    );
    const claims = await (await identity.verifier()).verify(res.json().token);
    expect(claims.ver).toBe(before + 1);
    expect((await identity.refresh(otherNow)).statusCode).toBe(401);
    expect((await identity.refresh(me.refresh)).statusCode).toBe(200);
    expect((await identity.login('chen@example.com')).statusCode).toBe(401);
    expect((await identity.login('chen@example.com', 'N3w!password')).statusCode).toBe(200);
  });

  it('when the password is reset by link, then every session ends', async () => {
    const me = await identity.verifiedUser('resetting_rae', 'rae@example.com');
    const other = cookieOf(await identity.login('rae@example.com'))!;
    await identity.post('/auth/forgot-password', { email: 'rae@example.com' });
    const link = await identity.linkToken('rae@example.com', 'reset-password');
    expect(
      (await identity.post('/auth/reset-password', { token: link, new_password: 'N3w!password' })).statusCode,
    ).toBe(200);
    expect((await identity.refresh(me.refresh)).statusCode).toBe(401);
    expect((await identity.refresh(other)).statusCode).toBe(401);
  });

  it('when a session route is called without a token, then 401 and nothing changes', async () => {
    const me = await identity.verifiedUser('anonymous_ann', 'ann@example.com');
    const before = await tokenVersion(me.id);
    const id = (await identity.get('/auth/sessions', me.token)).json().sessions[0].id;
    const calls = [
      identity.app.inject({ method: 'GET', url: '/auth/sessions' }),
      identity.app.inject({ method: 'DELETE', url: `/auth/sessions/${id}` }),
      identity.withSession('/auth/sessions/revoke-all', me.refresh),
      identity.withSession('/auth/change-password', me.refresh, {
        payload: { current_password: PASSWORD, new_password: 'N3w!password' },
      }),
      identity.refresh(undefined),
      identity.withSession('/auth/logout', undefined),
      identity.refresh('not a token at all'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    expect(await tokenVersion(me.id)).toBe(before);
    expect((await identity.refresh(me.refresh)).statusCode).toBe(200);
    expect((await identity.login('ann@example.com')).statusCode).toBe(200);
  });

  it('when a User-Agent is read, then it names the browser and the system as a person knows them', () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toBe('Firefox on macOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});
