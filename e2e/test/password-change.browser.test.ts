import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../tools/src/embedded/seed';
import { logInAs, screenshot, screenshotOf, seriousAccessibilityViolations } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

/** A demo golfer no other browser test signs in as. */
const HAMISH = 'hamish_g@golfers.linksmate.dev';
const NEW_PASSWORD = 'Bunker!2027';

describe('changing the password in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  /** The browser the password is changed in, and another one signed in as the same person. */
  let here: BrowserContext;
  let elsewhere: BrowserContext;
  let page: Page;
  let other: Page;
  const axeFindings: Record<string, string[]> = {};

  beforeAll(async () => {
    here = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    elsewhere = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await here.newPage();
    other = await elsewhere.newPage();
  });

  const rows = (on: Page) => on.getByTestId('session-row');
  const dialog = () => page.getByRole('dialog', { name: 'Change password' });
  const storedToken = (on: Page) => on.evaluate("localStorage.getItem('token')") as Promise<string | null>;
  /** Waits until the dialog has faded in (a screenshot or axe mid-transition sees it half drawn). */
  const dialogShown = () =>
    expect
      .poll(() =>
        page.evaluate(
          `[...document.querySelectorAll('[role="dialog"], .mantine-Modal-overlay')].map((e) => getComputedStyle(e).opacity)`,
        ),
      )
      .toEqual(['1', '1']);
  const openDialog = async () => {
    await page.getByRole('main').getByRole('button', { name: 'Change password' }).click();
    await dialog()
      .getByLabel(/^Current password/)
      .waitFor();
    await dialogShown();
  };
  const card = (title: string) =>
    page
      .locator('.mantine-Card-root')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const fill = async (current: string, next: string, confirm = next) => {
    await dialog()
      .getByLabel(/^Current password/)
      .fill(current);
    await dialog()
      .getByLabel(/^New password/)
      .fill(next);
    await dialog()
      .getByLabel(/^Confirm new password/)
      .fill(confirm);
    await dialog().getByRole('button', { name: 'Change password' }).click();
  };

  it('when the person is signed in in two browsers, then the profile lists both sessions beside the password card', async () => {
    await logInAs(other, stack.url, HAMISH);
    await logInAs(page, stack.url, HAMISH);
    await page.goto(`${stack.url}/profile`);
    await page.getByText("Where you're signed in").waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    await screenshot(page, '50-profile-password-card');
    await screenshotOf(card('Password'), '50c-password-card');
    await screenshotOf(card("Where you're signed in"), '50d-sessions-card');
    axeFindings['50-profile-password-card'] = await seriousAccessibilityViolations(page);
  });

  it('when the new password breaks a rule or the confirmation differs, then the dialog says so before anything is sent', async () => {
    let sent = 0;
    const count = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/api/v1/auth/change-password') sent++;
    };
    page.on('request', count);
    await openDialog();
    await screenshot(page, '50b-change-password-dialog');
    await screenshotOf(dialog(), '50e-change-password-dialog-alone');
    axeFindings['50b-change-password-dialog'] = await seriousAccessibilityViolations(page);
    await dialog().getByRole('button', { name: 'Change password' }).click();
    await dialog().getByText('Password is required').first().waitFor();
    await dialog().getByText('Please confirm your password').waitFor();

    await fill(DEMO_PASSWORD, 'bunker!2027');
    await dialog().getByText('Password must contain at least one uppercase letter').waitFor();
    await fill(DEMO_PASSWORD, NEW_PASSWORD, 'Bunker!2028');
    await dialog().getByText('Passwords do not match').waitFor();
    page.off('request', count);
    expect(sent).toBe(0);
  });

  it('when the current password is wrong, then the server says so under that field and nothing changes', async () => {
    await fill('Wrong!2026x', NEW_PASSWORD);
    await dialog().getByText('Current password is incorrect').waitFor();
    await expect
      .poll(() =>
        dialog()
          .getByLabel(/^Current password/)
          .getAttribute('aria-invalid'),
      )
      .toBe('true');
    await screenshot(page, '51-change-password-wrong-current');
    await screenshotOf(dialog(), '51b-change-password-wrong-current-dialog');
    axeFindings['51-change-password-wrong-current'] = await seriousAccessibilityViolations(page);
    // The other browser is still signed in.
    await other.goto(`${stack.url}/profile`);
    await other.getByText("Where you're signed in").waitFor();
    expect(other.url()).toMatch(/\/profile$/);
  });

  it('when the password is changed, then this browser stays signed in with a new token, is told the others were signed out, and lists one session', async () => {
    const before = await storedToken(page);
    await fill(DEMO_PASSWORD, NEW_PASSWORD);
    await dialog().waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .getByText('Password changed successfully. Your other sessions have been signed out.')
      .waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByText('This device').waitFor();
    const after = await storedToken(page);
    expect(after?.split('.')).toHaveLength(3);
    expect(after).not.toBe(before);
    await screenshot(page, '52-profile-password-changed');

    // Reading the page again keeps the session: the new token and the session's cookie still count.
    await page.reload();
    await page.getByText("Where you're signed in").waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(page.url()).toMatch(/\/profile$/);
  });

  it('when the other browser moves on, then it is sent to log in, where only the new password works', async () => {
    await other.goto(`${stack.url}/profile`);
    await other.waitForURL('**/login');
    await expect.poll(() => storedToken(other)).toBeNull();

    await other.getByLabel('Email').fill(HAMISH);
    await other.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Log in' }).click();
    await other.getByText('Invalid email or password').waitFor();
    expect(other.url()).toMatch(/\/login$/);

    await logInAs(other, stack.url, HAMISH, NEW_PASSWORD);
    await other.goto(`${stack.url}/profile`);
    await other.getByText("Where you're signed in").waitFor();
    await expect.poll(() => rows(other).count()).toBe(2);
  });

  it('when the profile is opened at 390 px, then the password card and its dialog fit the width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
    await page.goto(`${stack.url}/profile`);
    await page.getByText("Where you're signed in").waitFor();
    expect(await fits()).toBe(true);
    await screenshotOf(card('Password'), '53-password-card-390');
    await screenshotOf(card("Where you're signed in"), '53b-sessions-card-390');
    await openDialog();
    expect(await fits()).toBe(true);
    await screenshotOf(dialog(), '54-change-password-dialog-390');
    axeFindings['54-change-password-dialog-390'] = await seriousAccessibilityViolations(page);
  });

  it('when the screens are checked with axe-core, then none has a serious or critical violation', () => {
    expect(axeFindings).toEqual(Object.fromEntries(Object.keys(axeFindings).map((k) => [k, []])));
  });
});
