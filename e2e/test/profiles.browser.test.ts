import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousAccessibilityViolations } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

const PASSWORD = 'Fairway!2026';
/** olivia holds the demo data's granted annual membership; mia holds none. */
const OLIVIA = 'olivia@linksmate.dev';
const MIA = 'mia@linksmate.dev';

async function logIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/profile');
}

/** Whether the element's box lies within the viewport (boxes are measured from the viewport's top). */
async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return !!box && !!viewport && box.y >= 0 && box.y + box.height <= viewport.height;
}
const focusedId = (page: Page) => page.evaluate('document.activeElement && document.activeElement.id');

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  // The input comes first; the option list, labelled by the same label, is rendered at the page's end.
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cardNames = (page: Page) => page.getByTestId('player-card').locator('h2').allTextContents();

describe('profiles, player discovery and blocking in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  const findings: Record<string, string[]> = {};

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('when a visitor opens Find Players, then they are asked to log in and come back to it after', async () => {
    await page.goto(`${stack.url}/find-golfers`);
    await page.getByRole('heading', { name: 'Log in to find players' }).waitFor();
    await screenshot(page, '40-players-visitor');
    findings.visitor = await seriousAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(OLIVIA);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/find-golfers');
    await page.getByTestId('player-card').first().waitFor();
  });

  it('when a member saves a handicap with two decimals, then the message shows at the field, scrolled to; fixed, with a new photo, the profile saves', async () => {
    await page.goto(`${stack.url}/profile`);
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile?edit=basic');
    const save = page.getByRole('button', { name: 'Save Changes' });
    // Nothing changed yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);

    const handicap = page.getByLabel('Handicap');
    await handicap.fill('15.25');
    await page.getByTestId('profile-save-bar').getByText('Unsaved changes').waitFor();
    // Away from the field (the save bar stays in view): saving must bring it back.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    expect(await inViewport(page, handicap)).toBe(false);
    await save.click();
    await page.getByText('Handicap can only have one decimal place (e.g., 15.2).').waitFor();
    await expect.poll(() => inViewport(page, handicap)).toBe(true);
    expect(await focusedId(page)).toBe(await handicap.getAttribute('id'));
    expect(await handicap.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '41-profile-edit-invalid');
    findings.editInvalid = await seriousAccessibilityViolations(page);

    await handicap.fill('15.2');
    // The uploader checks the file before sending it, in the spec's words.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Please select a valid image file (JPEG, PNG, GIF, or WebP)').waitFor();
    await fileInput.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await page.getByText('Unable to read image file. Please try a different image.').waitFor();
    // Real pictures: parts of this very page, as PNG. A wide one may be cropped, a square one fits.
    const wide = await page.screenshot({ clip: { x: 0, y: 0, width: 640, height: 320 } });
    const uploaded = () => page.waitForResponse((r) => r.url().endsWith('/api/v1/upload/profile-image'));
    let upload = uploaded();
    await fileInput.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
    await page.getByText('This image is quite wide, so it may be cropped.').waitFor();
    expect((await upload).status()).toBe(200);
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 320 } });
    upload = uploaded();
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    expect((await upload).status()).toBe(200);
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('may be cropped').count()).toBe(0);
    expect(await page.getByText('Unable to read image file').count()).toBe(0);
    await save.click();

    await page.getByText('Profile updated successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile' && !url.search.includes('edit'));
    await page.getByRole('link', { name: 'Edit Profile' }).waitFor();
    const golf = page.locator('div', { has: page.getByRole('heading', { name: 'Golf Information' }) }).last();
    expect(await golf.textContent()).toContain('15.2');
    const avatar = page.getByRole('img', { name: 'Olivia Nguyen' }).first();
    const src = await avatar.getAttribute('src');
    expect(src).toBeTruthy();
    const served = await fetch(new URL(src!, stack.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    // The message goes after 3 seconds.
    await page.getByText('Profile updated successfully!').waitFor({ state: 'detached', timeout: 5_000 });
    await screenshot(page, '42-profile-saved');
    findings.profile = await seriousAccessibilityViolations(page);
  });

  it('when a member leaves the edit form with unsaved changes, then they are asked first and can stay', async () => {
    await page.goto(`${stack.url}/profile`);
    await page.getByRole('link', { name: 'Update Availability' }).click();
    await page.waitForURL('**/profile?edit=availability');
    const heading = page.getByRole('heading', { name: 'Availability & Privacy' });
    await expect.poll(() => inViewport(page, heading)).toBe(true);
    await page.getByLabel('Availability Message').fill('Free most weekend mornings');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Players' }).click();
    const leave = page.getByRole('dialog');
    await leave.getByText('You have unsaved changes. Are you sure you want to leave this page?').waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog')
      .getByText('You have unsaved changes. Are you sure you want to cancel?')
      .waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && !url.search.includes('edit'));
    expect(await page.textContent('main')).not.toContain('Free most weekend mornings');
  });

  it('when a member finds a pro, opens their profile and blocks them, then the pro is gone from discovery until unblocked from the own profile', async () => {
    await page.goto(`${stack.url}/players`);
    await page.getByTestId('player-card').first().waitFor();
    await choose(page, 'Skill Level', 'Pro');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL('**/players?skill_level=pro');
    await page.getByTestId('player-card').first().waitFor();
    // Only pros, once the page before has given way to the filtered one.
    await expect
      .poll(() => page.locator('[data-testid="player-card"]:not([data-skill="pro"])').count())
      .toBe(0);
    expect(await page.textContent('main')).toMatch(/Showing 1 to \d+ of \d+ players/);
    await screenshot(page, '43-players-pro');
    findings.players = await seriousAccessibilityViolations(page);

    const josh = page.getByTestId('player-card').filter({ hasText: 'Josh Tuipulotu' });
    await josh.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(/\/profile\/\d+$/);
    const joshUrl = page.url();
    await page.getByRole('heading', { name: 'Josh Tuipulotu', level: 1 }).waitFor();
    const main = (await page.textContent('main')) ?? '';
    for (const text of [
      '@josh_t',
      'Member since',
      'Handicap',
      '0.6',
      'Pro',
      'The Lakes Golf Club',
      'Available',
    ])
      expect(main).toContain(text);
    expect(main).not.toContain('@golfers.linksmate.dev');
    expect(await page.getByRole('link', { name: 'Message josh_t' }).getAttribute('href')).toMatch(
      /^\/messages\/direct\/\d+$/,
    );
    await page.getByRole('link', { name: '← Back to My Profile' }).waitFor();
    await screenshot(page, '44-user-profile');
    findings.userProfile = await seriousAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Block User' }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText("Are you sure you want to block this user? You won't see their profile anymore.")
      .waitFor();
    await confirm.getByRole('button', { name: 'Block User' }).click();
    await page.getByText('User has been blocked.').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 5_000 });

    // Gone from discovery, and their profile is now out of reach.
    await page.goto(`${stack.url}/players?skill_level=pro`);
    await page.getByTestId('player-card').first().waitFor();
    expect(await cardNames(page)).not.toContain('Josh Tuipulotu');
    await page.goto(joshUrl);
    await page.getByRole('heading', { name: 'Golfer not found' }).waitFor();

    // Unblocked from the own profile, they are back.
    await page.goto(`${stack.url}/profile`);
    await page.getByRole('link', { name: 'Manage blocked users' }).click();
    await page.waitForURL('**/profile?edit=blocked');
    const blocked = page.getByTestId('blocked-user').filter({ hasText: 'josh_t' });
    await blocked.waitFor();
    await screenshot(page, '45-profile-blocked-users');
    findings.blockedUsers = await seriousAccessibilityViolations(page);
    await blocked.getByRole('button', { name: /Unblock/ }).click();
    await page.getByText('User unblocked successfully!').waitFor();
    await blocked.waitFor({ state: 'detached' });
    await page.getByText('User unblocked successfully!').waitFor({ state: 'detached', timeout: 5_000 });
    await page.goto(`${stack.url}/players?skill_level=pro`);
    await page.getByTestId('player-card').first().waitFor();
    expect(await cardNames(page)).toContain('Josh Tuipulotu');
  });

  it('when a member opens their own id, then it is their own profile; and the home page shows golfers who lead to profiles', async () => {
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    const own = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: number })
      .user_id;
    await page.goto(`${stack.url}/profile/${own}`);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'About Me' }).waitFor();

    await page.goto(`${stack.url}/`);
    const cards = page.getByTestId('golfer-card');
    await expect.poll(() => cards.getByRole('link').count()).toBe(4);
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/profile\/\d+$/);
    await page.getByRole('button', { name: 'Block User' }).waitFor();
  });

  it('when the address asks for a page past the last, then the last page shows, and neither end can be passed', async () => {
    await page.goto(`${stack.url}/players?offset=1000`);
    await page.waitForURL((url) => url.searchParams.get('offset') !== '1000');
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ players$/);
    await showing.waitFor();
    const [, from, to, total] = /Showing (\d+) to (\d+) of (\d+)/
      .exec((await showing.textContent()) ?? '')!
      .map(Number);
    expect(to).toBe(total);
    expect(from).toBeGreaterThan(1);
    expect((from! - 1) % 10).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, '46-players-last-page');

    await page.goto(`${stack.url}/players?offset=-10`);
    await page.getByText(/^Showing 1 to 10 of \d+ players$/).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^Showing 11 to 20 of \d+ players$/).waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(/^Showing 1 to 10 of \d+ players$/).waitFor();
  });

  it('when a member without a membership opens Find Players, then they are told and sent to the membership page', async () => {
    const other = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mia = await other.newPage();
    await logIn(mia, stack.url, MIA);
    await mia.goto(`${stack.url}/players`);
    await mia.getByRole('alert', { name: 'Membership required' }).waitFor();
    await mia.waitForURL('**/membership', { timeout: 5_000 });
    await mia.getByText('Membership Required').first().waitFor();
    await other.close();
    expect(findings).toEqual({
      visitor: [],
      editInvalid: [],
      profile: [],
      players: [],
      userProfile: [],
      blockedUsers: [],
    });
  });
});
