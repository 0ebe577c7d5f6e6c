import type { CoachesReply } from '@linksmate/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../proto/src/rules';
import {
  coachOpenToClaim,
  logInAs,
  screenshot,
  seriousAccessibilityViolations,
  waitForMail,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

const MOBILE = { width: 390, height: 844 };

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  // The input comes first; the option list, labelled by the same label, is rendered at the page's end.
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const cards = (page: Page) => page.getByTestId('coach-card');
const cardNames = (page: Page) => cards(page).locator('h3').allTextContents();

describe('coaches and profile claims in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  /** Every coach of the demo data, as the API lists them. */
  let coaches: CoachesReply;
  const findings: Record<string, string[]> = {};

  /** A screenshot at the desktop size and at a phone's, with axe-core's findings for both. */
  async function check(name: string) {
    await screenshot(page, name);
    findings[name] = await seriousAccessibilityViolations(page);
    const desktop = page.viewportSize()!;
    await page.setViewportSize(MOBILE);
    await screenshot(page, `${name}-390`);
    findings[`${name}-390`] = await seriousAccessibilityViolations(page);
    await page.setViewportSize(desktop);
  }

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    const response = await fetch(`${stack.url}/api/v1/coaches?limit=100`);
    coaches = (await response.json()) as CoachesReply;
  });

  it('when a coach opens the admin area, then they land on My Coaching Venues with their own venues, and any other admin address says Access Denied', async () => {
    const coachPage = await (
      await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logInAs(coachPage, stack.url, 'coach@linksmate.dev');
    // The navigation offers their part of the admin area; /admin itself takes them there.
    const menu = coachPage.getByRole('button', { name: 'Coaching' });
    const entry = coachPage.getByRole('menuitem', { name: 'My Coaching Venues' });
    // The dropdown's code arrives after the page: hover again until it opens.
    await expect
      .poll(async () => {
        await coachPage.mouse.move(0, 0);
        await menu.hover();
        return entry.isVisible();
      })
      .toBe(true);
    expect(await entry.getAttribute('href')).toBe('/admin/coach-venues');
    await coachPage.goto(`${stack.url}/admin`);
    await coachPage.waitForURL('**/admin/coach-venues');
    await coachPage.getByRole('heading', { name: 'My Coaching Venues', level: 1 }).waitFor();
    const sections = coachPage.getByRole('navigation', { name: 'Admin sections' });
    expect(await sections.getByRole('link').allTextContents()).toEqual(['My Coaching Venues', 'Back to App']);
    // Their own profile's venues (Sam Fairweather teaches at a demo venue), not an error.
    await coachPage.getByRole('heading', { name: 'Your venues' }).waitFor();
    await coachPage.getByRole('button', { name: 'Add Venue' }).waitFor();
    expect(await coachPage.getByRole('alert').count()).toBe(0);
    await coachPage.waitForLoadState('networkidle');
    await screenshot(coachPage, '98-coach-my-coaching-venues');
    expect(await seriousAccessibilityViolations(coachPage)).toEqual([]);
    await coachPage.setViewportSize(MOBILE);
    await screenshot(coachPage, '98-coach-my-coaching-venues-390');
    await coachPage.setViewportSize({ width: 1280, height: 900 });

    // Adding a venue: the picker lists the directory's venues (a coach has no Venues section).
    const yourVenues = coachPage.getByTestId('coach-venue');
    const before = await yourVenues.count();
    await coachPage.getByRole('button', { name: 'Add Venue' }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Add Venue' });
    // 'Search venues' once the list is in ('Loading venues...' before; an error would say so).
    const picker = dialog.getByPlaceholder('Search venues');
    await picker.waitFor({ timeout: 15_000 });
    await picker.click();
    await coachPage.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Add Venue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => yourVenues.count(), { timeout: 15_000 }).toBe(before + 1);

    // Another section's address is refused in words.
    await coachPage.goto(`${stack.url}/admin/users`);
    await coachPage.getByRole('heading', { name: ADMIN_MESSAGES.accessDenied, level: 1 }).waitFor();
    await coachPage.getByText(ADMIN_MESSAGES.adminPrivilegesRequired).waitFor();
    expect(new URL(coachPage.url()).pathname).toBe('/admin/users');
    await screenshot(coachPage, '98-coach-access-denied');
    await coachPage.context().close();
  });

  it('when a visitor searches coaches and filters by a specialty, then only matching coaches of the page are shown, and one opens with its details', async () => {
    expect(coaches.total).toBeGreaterThan(12);
    await page.goto(`${stack.url}/find-coaches`);
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(12);
    const pages = Math.ceil(coaches.total / 12);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: `${coaches.total} Coaches Found` }).waitFor();
    await main.getByText(`Page 1 of ${pages}`).waitFor();
    await main.getByText(`Showing 12 of ${coaches.total} total coaches`).waitFor();
    // Rates are cents on the wire and whole dollars on the card.
    expect(await main.textContent()).toMatch(/\$\d+\/hour/);
    expect(await main.textContent()).not.toMatch(/\$\d+\.00\/hour/);
    await check('60-find-coaches');

    // The specialty filter narrows the loaded page to coaches teaching it, and the address keeps it.
    await choose(page, 'Specialty', 'Putting');
    await page.waitForURL('**/find-coaches?specialty=putting');
    await expect.poll(() => cards(page).count()).toBeLessThan(12);
    const putting = await cards(page).evaluateAll((all) =>
      all.map((card) => card.getAttribute('data-specialties') ?? ''),
    );
    expect(putting.length).toBeGreaterThan(0);
    expect(putting.length).toBeLessThan(12);
    for (const specialties of putting) expect(specialties.split(',')).toContain('putting');
    await main.getByRole('heading', { name: new RegExp(`^${putting.length} Coach(es)? Found$`) }).waitFor();

    // The search matches names (and bios and specialties), ignoring case.
    const [first] = await cardNames(page);
    const lastName = first!.split(' ').at(-1)!;
    await page.getByLabel('Search', { exact: true }).fill(lastName.toUpperCase());
    await expect.poll(() => cardNames(page)).toContain(first);
    for (const name of await cardNames(page)) expect(name).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('search')).toBe(lastName.toUpperCase());
    await check('61-find-coaches-filtered');

    // Nothing on the page matches: the empty state offers to clear the search.
    await page.getByLabel('Search', { exact: true }).fill('zzzz no such coach');
    await main.getByText('No coaches match your search').waitFor();
    await main.getByRole('heading', { name: '0 Coaches Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cards(page).count()).toBe(12);

    // Page two holds the rest.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/find-coaches?page=2');
    await main.getByText(`Page 2 of ${pages}`).waitFor();
    await expect.poll(() => cards(page).count()).toBe(Math.min(12, coaches.total - 12));

    // Opened from the list, the coach's page says who they are and leads back to the same list.
    const card = cards(page).first();
    const name = (await card.locator('h3').textContent())!;
    await card.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(/\/coach\/\d+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const coach = coaches.coaches.find((c) => `/coach/${c.id}` === new URL(page.url()).pathname)!;
    for (const section of ['About', 'Specialties', 'Certifications', 'Coach Details', 'Get in Touch'])
      await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    const details = (await main.textContent()) ?? '';
    for (const label of ['Experience', 'Hourly Rate', 'Status', 'Email']) expect(details).toContain(label);
    expect(details).toContain(coach.is_available_for_booking ? 'Available' : 'Unavailable');
    if (coach.is_verified) await main.getByText('Verified Coach').waitFor();
    if (coach.email)
      expect(await main.getByRole('link', { name: coach.email }).getAttribute('href')).toBe(
        `mailto:${coach.email}`,
      );
    await check('62-coach-detail');
    await page.getByRole('link', { name: '← Back to Coaches' }).click();
    await page.waitForURL('**/find-coaches?page=2');
    await cards(page).first().waitFor();
  });

  it('when a visitor claims an unclaimed coach profile, then the account they made verifies through the mailbox and logs in', async () => {
    const coach = await coachOpenToClaim(stack.url);
    const name = `${coach.first_name} ${coach.last_name}`;
    const email = `coach${Date.now()}@example.com`;
    const password = 'Putting!2026';

    await page.goto(`${stack.url}/coach/${coach.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // Without an account the coach cannot be messaged; the button says why instead of going nowhere.
    const message = page.getByRole('button', { name: /^Message .+ \(not available\)$/ });
    expect(await message.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('link', { name: 'Claim this profile' }).click();
    await page.waitForURL(`**/claim-profile/coach/${coach.id}`);
    await page.getByRole('heading', { name: 'Claim Your Profile', level: 1 }).waitFor();
    await page.getByRole('heading', { name, level: 2 }).waitFor();

    // The form's own checks, in the spec's words.
    const claim = page.getByRole('button', { name: 'Claim This Profile' });
    await claim.click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel(/^Create Password/).fill('short');
    await page.getByLabel(/^Confirm Password/).fill('shorter');
    await claim.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await check('63-claim-profile-invalid');

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel(/^Create Password/).fill(password);
    await page.getByLabel(/^Confirm Password/).fill(password);
    await claim.click();
    await page
      .getByText('Profile claimed successfully! Please check your email to verify your account.')
      .waitFor();
    await page.waitForURL('**/login?claimed=true');
    await page.getByText('Profile claimed. Verify your email').waitFor();
    await check('64-login-claimed');

    // A second claim on the same profile is refused while the first waits for review.
    await page.goto(`${stack.url}/claim-profile/coach/${coach.id}`);
    await page.getByLabel('Email Address').fill(`other${email}`);
    await page.getByLabel(/^Create Password/).fill(password);
    await page.getByLabel(/^Confirm Password/).fill(password);
    await page.getByRole('button', { name: 'Claim This Profile' }).click();
    await page
      .getByRole('alert')
      .getByText('A claim for this profile is already waiting for review.')
      .waitFor();

    const mail = await waitForMail(stack.url, email, /Verify your email/);
    await page.goto(`${stack.url}/dev/mailbox`);
    const link = page.getByRole('link', { name: mail.links[0]! });
    await page.getByText(`To ${email}`).first().waitFor();
    if (!(await link.isVisible())) await page.getByText(`To ${email}`).first().click();
    await link.click();
    await page.getByText('Email verified successfully').waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { role: string };
    // A member until an admin approves the claim (admin.browser.test.ts follows it to the coach role).
    expect(claims.role).toBe('member');
  });

  it('when an address names no coach or no claimable profile, then the page says so and leads on', async () => {
    await page.goto(`${stack.url}/coach/999999`);
    await page.getByRole('heading', { name: 'Coach not found', level: 1 }).waitFor();
    await check('65-coach-not-found');
    await page.getByRole('link', { name: 'Back to Coaches', exact: true }).click();
    await page.waitForURL('**/find-coaches');

    await page.goto(`${stack.url}/claim-profile/coach/999999`);
    await page.getByRole('heading', { name: 'Coach profile not found', level: 1 }).waitFor();

    await page.goto(`${stack.url}/claim-profile/golfer/1`);
    await page.getByRole('heading', { name: 'Profile Not Found', level: 1 }).waitFor();
    await page.getByText('Invalid profile type').waitFor();
    await check('66-claim-bad-type');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${stack.url}/`);
  });

  it('when a venue profile is claimed, then the page shows the venue it is about', async () => {
    const response = await fetch(`${stack.url}/api/v1/venues?limit=1`);
    const { venues } = (await response.json()) as { venues: Array<{ id: number; name: string }> };
    const venue = venues[0]!;
    await page.goto(`${stack.url}/claim-profile/venue/${venue.id}`);
    await page.getByRole('heading', { name: venue.name, level: 2 }).waitFor();
    await page.getByText('Venue profile', { exact: true }).waitFor();
    await check('67-claim-venue');
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
  });
});
