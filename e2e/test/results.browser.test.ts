import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { RESULT_MESSAGES } from '../../proto/src/rules/results';
import {
  demoToken,
  logInAs,
  screenshot,
  seriousAccessibilityViolations,
  userIdOfToken,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

// Taken by this file (CONTRIBUTING "Browser tests"): grace_o organises, mei_h and will_a play. No
// other browser file signs in as them; what this file makes is a game named uniquely.
const GRACE = 'grace_o@golfers.linksmate.dev';
const MEI = 'mei_h@golfers.linksmate.dev';
const WILL = 'will_a@golfers.linksmate.dev';

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * A member game at The Lakes that started a moment ago (a start up to a minute back still counts as
 * now), with mei and will approved into it: a game whose scoring may open.
 */
async function startedGame(baseUrl: string) {
  const [grace, mei, will] = await Promise.all([GRACE, MEI, WILL].map((email) => demoToken(baseUrl, email)));
  const { venue } = await call<{ venue: { id: number } }>(
    baseUrl,
    'GET',
    '/venues/slug/the-lakes-golf-club',
    grace!,
  );
  const start = new Date(Date.now() - 20_000);
  const title = `Results Medal ${Date.now().toString(36)}`;
  const game = await call<{ id: number }>(baseUrl, 'POST', '/member-games', grace!, {
    title,
    venue_id: venue.id,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    capacity: 4,
  });
  for (const token of [mei!, will!]) {
    const { booking } = await call<{ booking: { id: number } }>(
      baseUrl,
      'POST',
      `/events/${game.id}/join`,
      token,
      {},
    );
    await call(baseUrl, 'PUT', `/member-games/${game.id}/join-requests/${booking.id}/approve`, grace!, {});
  }
  return { id: game.id, title, meiToken: mei!, mei: userIdOfToken(mei!), will: userIdOfToken(will!) };
}

async function fillCard(card: Locator, strokes: number[]) {
  const holes = card.getByRole('textbox');
  for (const [i, value] of strokes.entries()) await holes.nth(i).fill(String(value));
  await card.getByRole('button', { name: 'Save card' }).click();
  await card.getByText('Card saved').waitFor();
}

describe('game results in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let page: Page;

  beforeAll(async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await logInAs(page, stack.url, GRACE);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('when the organiser opens scoring, enters both cards and closes it, then the results page ranks them by Stableford and by gross, the chat of the game has them and the players are told, and the pages are accessible on desktop and phone', async () => {
    const game = await startedGame(stack.url);
    await page.goto(`${stack.url}/events/${game.id}`);
    await page.getByRole('link', { name: 'Scoring and results' }).click();
    await page.waitForURL(`**/events/${game.id}/scoring`);

    // A Mantine Select: its input comes first; the option list, labelled the same, at the page's end.
    await page.getByLabel("Men's tee", { exact: true }).first().click();
    await page.getByRole('option').first().click();
    await screenshot(page, 'results-01-open-scoring');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open scoring' }).click();

    const mei = page.getByRole('region', { name: 'Mei Huang' });
    const will = page.getByRole('region', { name: 'William Ashby' });
    await mei.waitFor();
    // A hole over 20 is refused under that hole before anything is sent.
    await mei.getByRole('textbox').first().fill('21');
    await mei.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => mei.getByText(RESULT_MESSAGES.strokesRange).count()).toBe(1);
    await fillCard(
      mei,
      Array.from({ length: 18 }, () => 4),
    );
    await fillCard(
      will,
      Array.from({ length: 18 }, () => 6),
    );
    await screenshot(page, 'results-02-cards');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'results-02b-cards-390');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Close scoring' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close scoring?' });
    await confirm.getByRole('button', { name: 'Close scoring' }).click();
    await page.getByText(RESULT_MESSAGES.closed).waitFor();
    await page.getByRole('link', { name: 'See results' }).click();
    await page.waitForURL(`**/events/${game.id}/results`);

    const stableford = page.getByRole('table', { name: 'Results, Stableford' });
    await stableford.waitFor();
    const names = (table: Locator) =>
      table.getByTestId('result-row').locator('td:nth-child(2)').allTextContents();
    expect(await names(stableford)).toEqual(['Mei Huang', 'William Ashby']);
    await page.getByText('Final').first().waitFor();
    await screenshot(page, 'results-03-results');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByText('Gross', { exact: true }).first().click();
    const gross = page.getByRole('table', { name: 'Results, Gross' });
    await gross.waitFor();
    expect(await gross.getByTestId('result-row').locator('td:nth-child(3)').allTextContents()).toEqual([
      '72',
      '108',
    ]);

    // Posted into the game's chat by messaging, as Grace's message, and told to Mei.
    const chat = () =>
      call<{ messages: Array<{ content: string | null }> }>(
        stack.url,
        'GET',
        `/messages/event/${game.id}`,
        game.meiToken,
      );
    await expect
      .poll(async () => (await chat()).messages.map((m) => m.content?.split('\n')[0]), { timeout: 15_000 })
      .toContain(`Results of ${game.title} (Stableford):`);
    const told = await call<{ notifications: Array<{ kind: string; link: string }> }>(
      stack.url,
      'GET',
      '/notifications',
      game.meiToken,
    );
    expect(told.notifications).toContainEqual(
      expect.objectContaining({ kind: 'results_posted', link: `/events/${game.id}/results` }),
    );

    await page.setViewportSize({ width: 390, height: 844 });
    onTestFinished(() => page.setViewportSize({ width: 1280, height: 900 }));
    await screenshot(page, 'results-04-results-390');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${stack.url}/events/${game.id}/scoring`);
    await page.getByText(RESULT_MESSAGES.closed).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'results-05-scoring-closed-390');
  });
});
