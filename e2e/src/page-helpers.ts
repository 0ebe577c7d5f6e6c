import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const artifacts = fileURLToPath(new URL('../../.artifacts/screenshots/', import.meta.url));

/** Saves a full-page screenshot as a test artifact (.artifacts/screenshots). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifacts, { recursive: true });
  const path = join(artifacts, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
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
