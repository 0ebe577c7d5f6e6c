import type { CoursesReply, VenuesReply } from '@linksmate/proto';
import { latestRoundDay } from '@linksmate/proto/rules/rounds';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAs, screenshot, seriousAccessibilityViolations } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

/**
 * Demo golfers no other browser file signs in as (CONTRIBUTING "Browser tests"): tom_v records
 * rounds here and layla_b confirms them, so their rounds and indexes are this file's to change.
 */
const TOM = 'tom_v@golfers.linksmate.dev';
const LAYLA = 'layla_b@golfers.linksmate.dev';

describe('rounds in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  const contexts: BrowserContext[] = [];
  let tom: Page;
  let roundUrl = '';
  /** A demo venue with a typical course, as the directory lists it. */
  let venue: { name: string; course: string; tee: string; pars: number[] };

  const newPage = async (width = 1280, height = 900) => {
    const context = await stack.browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    const { venues } = (await (await fetch(`${stack.url}/api/v1/venues?limit=100`)).json()) as VenuesReply;
    for (const v of venues) {
      const { courses } = (await (
        await fetch(`${stack.url}/api/v1/venues/${v.id}/courses`)
      ).json()) as CoursesReply;
      const course = courses.find((c) => c.holes === 18);
      const tee = course?.tees.find((t) => t.gender === 'men');
      if (course && tee) {
        venue = { name: v.name, course: course.name, tee: tee.name, pars: tee.holes.map((h) => h.par) };
        break;
      }
    }
    tom = await newPage();
    await logInAs(tom, stack.url, TOM);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** Chooses an option of a searchable picker by typing part of it. */
  async function choose(page: Page, picker: string | RegExp, typed: string, option: RegExp) {
    const input = page.getByRole('combobox', { name: picker });
    await input.click();
    if (typed) await input.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  }

  it('when a golfer opens /rounds, then their index from the demo season shows, with the LinksMate-not-GA sentence, and the page passes axe', async () => {
    await tom.goto(`${stack.url}/rounds`);
    await tom.getByRole('heading', { name: 'My Rounds' }).waitFor();
    await expect.poll(() => tom.getByTestId('handicap-index').textContent()).toMatch(/^\d+\.\d$/);
    await tom.getByText('Not an official Golf Australia handicap').first().waitFor();
    await tom.getByRole('table', { name: 'Your rounds' }).waitFor();
    await screenshot(tom, '70-rounds-list');
    expect(await seriousAccessibilityViolations(tom)).toEqual([]);
  });

  it('when a round is recorded hole by hole with a partner, then its page shows the card with par, strokes and the NDB-marked hole, and passes axe', async () => {
    await tom.goto(`${stack.url}/rounds`);
    await tom.getByRole('button', { name: 'Record a round' }).click();
    await choose(
      tom,
      /Venue/,
      venue.name.slice(0, 12),
      new RegExp(venue.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await choose(tom, /Course/, '', new RegExp(venue.course));
    await choose(tom, /Tee/, '', new RegExp(`^${venue.tee} \\(Men\\)`));
    await tom.getByLabel(/Date played/).fill(latestRoundDay(new Date()));
    await choose(tom, 'Add a playing partner', 'Layla', /Layla Bishara/);
    for (const [i, par] of venue.pars.entries()) {
      // A bogey round but for a 12 on hole 5, which net double bogey takes down.
      await tom
        .getByRole('textbox', { name: `Hole ${i + 1} strokes`, exact: true })
        .fill(String(i === 4 ? 12 : par + 1));
    }
    await screenshot(tom, '71-rounds-record-form');
    await tom.getByRole('button', { name: 'Record round' }).click();
    await tom.waitForURL(/\/rounds\/\d+$/);
    roundUrl = tom.url();
    await tom.getByRole('table', { name: 'Scorecard' }).waitFor();
    const gross = venue.pars.reduce((sum, par) => sum + par + 1, 0) - (venue.pars[4]! + 1) + 12;
    await tom.getByRole('heading', { level: 1, name: new RegExp(venue.course) }).waitFor();
    await tom.getByText('Waiting for a partner to confirm').first().waitFor();
    const hole5 = tom.locator('tr[data-adjusted]');
    expect(await hole5.count()).toBe(1);
    expect(await hole5.locator('td').first().textContent()).toBe('5');
    expect(await tom.getByRole('table', { name: 'Scorecard' }).locator('tfoot').textContent()).toContain(
      String(gross),
    );
    await tom.getByText('Layla Bishara: Not yet confirmed').waitFor();
    await screenshot(tom, '72-round-page');
    expect(await seriousAccessibilityViolations(tom)).toEqual([]);
  });

  it('when the partner confirms it with one click, then it counts for the recorder, attested', async () => {
    const layla = await newPage();
    await logInAs(layla, stack.url, LAYLA);
    await layla.goto(`${stack.url}/rounds`);
    const toConfirm = layla.getByRole('region', { name: 'Rounds to confirm' });
    await toConfirm.waitFor();
    // The demo's round from tom_v two days ago, and the one just recorded.
    const items = toConfirm.getByRole('listitem');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
    await screenshot(layla, '73-rounds-to-confirm');
    const today = new Date(`${latestRoundDay(new Date())}T00:00:00`).toLocaleDateString('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const mine = items.filter({ hasText: today }).filter({ hasText: 'Tom Vella' });
    await mine.getByRole('button', { name: /^Confirm/ }).click();
    await expect.poll(() => mine.count()).toBe(0);

    await tom.goto(roundUrl);
    await tom.getByText('Counts · attested').waitFor();
    await tom.getByText('Layla Bishara: Confirmed').waitFor();
  });

  it('when the pages are opened on a phone, then /rounds and a round page pass axe at 390 px', async () => {
    const phone = await newPage(390, 844);
    await logInAs(phone, stack.url, TOM);
    await phone.goto(`${stack.url}/rounds`);
    // A phone lists the rounds as cards, not the table.
    await phone.getByRole('list', { name: 'Your rounds' }).getByRole('listitem').first().waitFor();
    expect(await phone.getByRole('table', { name: 'Your rounds' }).isVisible()).toBe(false);
    await screenshot(phone, '74-rounds-list-phone');
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
    await phone.goto(roundUrl);
    await phone.getByRole('table', { name: 'Scorecard' }).waitFor();
    await screenshot(phone, '75-round-page-phone');
    expect(await seriousAccessibilityViolations(phone)).toEqual([]);
  });

  it('when the golfer opens their profile, then the index card shows with its sparkline and the sentence, and copying asks first', async () => {
    await tom.goto(`${stack.url}/profile`);
    const card = tom.getByRole('region', { name: 'Handicap index' });
    await card.waitFor();
    await card.getByTestId('handicap-sparkline').waitFor();
    await card
      .getByText('Calculated by LinksMate by the World Handicap System method.', { exact: false })
      .waitFor();
    await screenshot(tom, '76-profile-handicap-index');
    const copy = card.getByRole('button', { name: 'Use it as my profile handicap' });
    if (await copy.isVisible()) {
      await copy.click();
      await tom.getByRole('dialog', { name: 'Use your LinksMate index?' }).waitFor();
      await tom.getByText(/Replace the handicap on your profile with/).waitFor();
      const dialog = tom.getByRole('dialog', { name: 'Use your LinksMate index?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });
});
