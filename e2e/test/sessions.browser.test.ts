import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

const PASSWORD = 'Fairway!2026';
/** A demo golfer no other browser test signs in as: the sessions counted here are hers alone. */
const CHLOE = 'chloe_d@golfers.linksmate.dev';
const COOKIE = 'linksmate_refresh';

/**
 * Makes the stored access token look expired (its exp an hour ago; the signature no longer matches,
 * which is fine: it is only ever exchanged, never accepted).
 */
const EXPIRE_STORED_TOKEN = `(() => {
  const [head, payload, signature] = localStorage.getItem('token').split('.');
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  claims.exp = Math.floor(Date.now() / 1000) - 3600;
  const encoded = btoa(JSON.stringify(claims)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  localStorage.setItem('token', [head, encoded, signature].join('.'));
})()`;

describe('sessions in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  let refreshes = 0;

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/auth/refresh') refreshes++;
    });
    page = await context.newPage();
  });

  /** The cookie as the browser would send it to the refresh route (its Path is the auth routes). */
  const refreshCookie = async () =>
    (await context.cookies(`${stack.url}/api/v1/auth/refresh`)).find((c) => c.name === COOKIE);
  const sessionsCard = (on: Page) => on.getByText("Where you're signed in");

  it('when a person logs in, then the refresh token is an HttpOnly, Secure, SameSite=Strict cookie for the auth routes, and script never sees it', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(CHLOE);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    // The cookie is kept although the embedded run is plain http: browsers count localhost as secure.
    const cookie = await refreshCookie();
    expect((await context.cookies(`${stack.url}/profile`)).map((c) => c.name)).not.toContain(COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(await page.evaluate('document.cookie')).not.toContain(COOKIE);
    const stored = (await page.evaluate('JSON.stringify({ ...localStorage })')) as string;
    expect(stored).not.toContain(cookie!.value);
    expect(JSON.parse(stored).token.split('.')).toHaveLength(3);
  });

  it('when the access token has expired and two tabs open at once, then each tab goes on without logging in again and the session stays one', async () => {
    // Counted from the moment the token expires: opening the second tab can hide and show the first,
    // whose app then refreshes the expired token at once (on visibilitychange), before either goto.
    refreshes = 0;
    await page.evaluate(EXPIRE_STORED_TOKEN);
    const other = await context.newPage();
    await Promise.all([page.goto(`${stack.url}/profile`), other.goto(`${stack.url}/profile`)]);
    await Promise.all([sessionsCard(page).waitFor(), sessionsCard(other).waitFor()]);
    expect(page.url()).toMatch(/\/profile$/);
    expect(other.url()).toMatch(/\/profile$/);
    // At most one refresh per tab: the cross-tab lock usually makes it one, and the grace period
    // keeps a second tab's refresh, sent with the cookie just exchanged, from ending the session.
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshes).toBeLessThanOrEqual(2);
    // One session, still alive: the profile lists it as this device (seeding's logins were ended).
    await page.getByTestId('session-row').first().waitFor();
    expect(await page.getByTestId('session-row').count()).toBe(1);
    await page.getByText('This device').waitFor();
    expect(await page.getByTestId('session-row').first().textContent()).toContain('Chrome on Linux');
    await screenshot(page, '40-profile-sessions');
    await other.close();

    // Expired again later: refreshed again, with the cookie the last refresh gave.
    const before = refreshes;
    await page.evaluate(EXPIRE_STORED_TOKEN);
    await page.goto(`${stack.url}/profile`);
    await sessionsCard(page).waitFor();
    await expect.poll(() => refreshes).toBeGreaterThan(before);
  });

  it('when the person signs out everywhere, then they are asked first, and then sent to log in with the cookie and token gone', async () => {
    const signOutEverywhere = page.getByRole('main').getByRole('button', { name: 'Sign out everywhere' });
    await signOutEverywhere.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign out of LinksMate on every device').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await refreshCookie()).toBeDefined();

    await signOutEverywhere.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    expect(await refreshCookie()).toBeUndefined();
    // Nothing left to refresh with: a guarded page asks to log in.
    await page.goto(`${stack.url}/profile`);
    await page.waitForURL('**/login');
  });
});
