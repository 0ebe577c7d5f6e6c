import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../proto/src/rules';
import { screenshot, seriousAccessibilityViolations } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

// A demo golfer without a membership, so she can buy one, whom no other browser test signs in as.
const DEMO = { email: 'amelia_c@golfers.linksmate.dev', password: 'Fairway!2026' };

async function logIn(page: Page) {
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('the first page, planned screens and payments script, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  const findings: Record<string, string[]> = {};
  /** Everything the browser asked js.stripe.com for, over the whole visit. */
  const stripeRequests: string[] = [];
  /** How often the browser asked for a fresh token. */
  let tokenRefreshes = 0;

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.on('request', (request) => {
      if (new URL(request.url()).hostname === 'js.stripe.com') stripeRequests.push(request.url());
      if (new URL(request.url()).pathname === '/api/v1/auth/refresh') tokenRefreshes++;
    });
    page = await context.newPage();
  });

  it('when a visitor opens the home page and the membership page of the embedded run, then nothing is requested from js.stripe.com', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.goto(`${stack.url}/membership`);
    await page.getByTestId('plan-lifetime').waitFor();
    await page.waitForLoadState('networkidle');
    expect(stripeRequests).toEqual([]);
  });

  it('when a visitor opens a planned screen, then it says what is coming and leads home, not to the 404 page', async () => {
    await page.goto(`${stack.url}/terms`);
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.getByText('Coming soon').waitFor();
    expect(await page.textContent('main')).toContain('The terms that apply when you use LinksMate.');
    await screenshot(page, '30-coming-soon-visitor');
    findings.visitor = await seriousAccessibilityViolations(page);
    // Opened directly, there is no page of ours to go back to: the way out is home.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${stack.url}/`);

    // Reached from a link of ours, the way out is back where the person was.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();

    // An address nobody planned is still out of bounds.
    await page.goto(`${stack.url}/no-such-screen`);
    await page.getByRole('heading', { name: 'This page is out of bounds' }).waitFor();
  });

  it('when a visitor opens a screen that needs a login, then they log in first and land on it', async () => {
    await page.goto(`${stack.url}/messages`);
    await page.waitForURL('**/login');
    await logIn(page);
    await page.waitForURL('**/messages');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await screenshot(page, '31-login-first-messages');
    findings.member = await seriousAccessibilityViolations(page);

    // The admin area stays closed to a member, and says so (spec 3) rather than sending them home.
    await page.goto(`${stack.url}/admin/users`);
    await page.getByRole('heading', { name: ADMIN_MESSAGES.accessDenied, level: 1 }).waitFor();
    await page.getByText(ADMIN_MESSAGES.adminPrivilegesRequired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await screenshot(page, '31-member-access-denied');
    findings.denied = await seriousAccessibilityViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '31-member-access-denied-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${stack.url}/`);
    expect(findings).toEqual({ visitor: [], member: [], denied: [] });
  });

  /** The membership status the stored token claims (decoded as the app decodes it). */
  const claimedStatus = async () => {
    const token = (await page.evaluate("localStorage.getItem('token')")) as string | null;
    const payload = token?.split('.')[1];
    return payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { membership_status: string | null })
          .membership_status
      : null;
  };

  it('when a member pays in the checkout of the embedded run and cancels from the profile, then the simulator takes the card, Stripe.js is never requested, the token follows each change once, and the profile shows the cancellation', async () => {
    expect(await claimedStatus()).toBeNull();
    tokenRefreshes = 0;
    await page.goto(`${stack.url}/membership`);
    await page.getByTestId('plan-annual').getByRole('button').click();
    const checkout = page.getByRole('dialog');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry').fill('12 / 30');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: 'Start 14-Day Free Trial' }).click();
    await page.getByRole('heading', { name: 'Welcome to LinksMate Annual!' }).waitFor({ timeout: 20_000 });
    // identity said the claims changed: one fresh token, with the trial, and no logging in again.
    await expect.poll(claimedStatus, { timeout: 10_000 }).toBe('trialing');
    expect(tokenRefreshes).toBe(1);

    // The profile shows the membership feature's cancel action, with its confirmation.
    await page.getByRole('link', { name: 'Manage Membership' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Cancel your membership?').waitFor();
    expect(await confirm.textContent()).toContain('is not renewed after that.');
    await confirm.getByRole('button', { name: 'Cancel membership' }).click();
    await page.getByText('Membership cancelled').waitFor();
    // identity's copy of the membership has the cancellation once it says the claims changed.
    await page.getByText('Your membership is cancelled and ends on').waitFor({ timeout: 10_000 });
    // A cancellation at the period's end leaves the token's claims as they are (still trialing,
    // same end): the push is heard (the profile above is read anew on it) and costs no refresh.
    expect(tokenRefreshes).toBe(1);
    await screenshot(page, '32-profile-cancelled');
    expect(stripeRequests).toEqual([]);
  });
  it('when a screen breaks while rendering, or its code is gone after a release, then its error screen says so and leads on: home, or the new version after one reload', async () => {
    for (const [width, height, device] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      // A fresh tab each time: the once-only reload is remembered per tab (sessionStorage).
      const tab = await stack.browser.newContext({ viewport: { width, height } });
      const page = await tab.newPage();

      // A reply the page cannot read makes it throw while rendering; the header stays, home is a click away.
      const venueSearch = (url: URL) => url.pathname === '/api/v1/venues';
      await page.route(venueSearch, (route) => route.fulfill({ json: { venues: null, count: 3 } }));
      await page.goto(`${stack.url}/venues`);
      await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
      await page.getByRole('banner').waitFor();
      await screenshot(page, `32-error-page-${device}`);
      if (device === 'desktop') findings.errorScreen = await seriousAccessibilityViolations(page);
      await page.unroute(venueSearch);
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();

      // The venues screen's chunk is gone (a release since the page loaded): the tab reloads itself
      // once; still missing after that, it offers the reload instead of looping. A page loaded anew:
      // the one above already holds the venues screen's code.
      await page.goto(`${stack.url}/`);
      await page.getByRole('heading', { name: 'Featured Golfers' }).waitFor();
      const chunk = /\/assets\/VenuesPage-[\w-]+\.js$/;
      let chunkAsked = 0;
      await page.route(chunk, (route) => {
        chunkAsked++;
        return route.fulfill({ status: 404, body: 'Not found' });
      });
      let loads = 0;
      page.on('load', () => loads++);
      if (device === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues' }).click();
      await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
      await page.waitForURL('**/venues');
      await page.getByRole('heading', { name: 'A new version of LinksMate is available' }).waitFor();
      await page.getByRole('button', { name: 'Reload' }).waitFor();
      await page.waitForTimeout(1000);
      expect(loads).toBe(1);
      expect(chunkAsked).toBeGreaterThanOrEqual(2);
      await screenshot(page, `33-new-version-${device}`);

      // The new release's code is there: Reload brings the screen.
      await page.unroute(chunk);
      await page.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('heading', { name: 'Discover Golf Venues', level: 1 }).waitFor();
      await tab.close();
    }
    expect(findings.errorScreen).toEqual([]);
  });
});
