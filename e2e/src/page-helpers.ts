import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { formatCents } from '../../proto/src/rules';
import { DEMO_PASSWORD } from '../../tools/src/embedded/seed';

const artifacts = fileURLToPath(new URL('../../.artifacts/screenshots/', import.meta.url));

/**
 * In an event's booking dialog, slots chosen: on to payment, pays `total` (cents) with 4242 through the
 * simulator (giving `email` when the form has none), and waits until the page says the person joined.
 */
export async function payBookingWith4242(
  page: Page,
  email: string,
  total: number,
  currency = 'AUD',
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await dialog.getByLabel('Card number').waitFor();
  const emailField = dialog.getByLabel('Email');
  if (!(await emailField.inputValue())) await emailField.fill(email);
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill('12 / 30');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${formatCents(total, currency)}` }).click();
  await page
    .getByTestId('join-standing')
    .getByText('You have joined this event')
    .waitFor({ timeout: 30_000 });
}

/** Saves a full-page screenshot as a test artifact (.artifacts/screenshots). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Saves a screenshot of one part of a page (a card, a dialog) as a test artifact. */
export async function screenshotOf(part: Locator, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await part.screenshot({ path });
  return path;
}

/** axe-core on the page as it stands: the serious and critical violations, described. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axe's findings on the page's structure, moderate ones included: headings that skip a level and
 * landmarks a screen reader would meet twice (a dialog repeating the app header's banner). These
 * are best-practice rules, outside the WCAG tags the check above runs.
 */
export async function structureViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withRules(['heading-order', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-contentinfo'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

interface MailboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/** Waits for a mail to the address with the subject to reach the development mailbox. */
export async function waitForMail(
  baseUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/v1/dev/mailbox`);
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    const found = messages.find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${to} arrived`);
}

/** Logs a demo person in through the login form and waits until the app has moved on. */
export async function logInAs(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** A demo person's access token, from the login call itself. */
export async function demoToken(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`logging in ${email} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A coach profile as the directory lists it. */
export interface ListedCoach {
  id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
}

/**
 * A coach profile open to a claim: no account holds it and no claim waits on it or was decided
 * (a claim another browser test made on the shared run may still wait for review).
 */
export async function coachOpenToClaim(baseUrl: string): Promise<ListedCoach> {
  const { coaches } = (await (await fetch(`${baseUrl}/api/v1/coaches?limit=100`)).json()) as {
    coaches: ListedCoach[];
  };
  const { claims } = (await (
    await fetch(`${baseUrl}/api/v1/admin/profile-claims?limit=500`, {
      headers: { authorization: `Bearer ${await demoToken(baseUrl, 'admin@linksmate.dev')}` },
    })
  ).json()) as { claims: Array<{ entity_type: string; entity_id: number }> };
  const coach = coaches.find(
    (c) => c.user_id === null && !claims.some((k) => k.entity_type === 'coach' && k.entity_id === c.id),
  );
  if (!coach) throw new Error('the demo data has no coach profile left to claim');
  return coach;
}

/** The user id a token was issued to. */
export const userIdOfToken = (token: string): number =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
