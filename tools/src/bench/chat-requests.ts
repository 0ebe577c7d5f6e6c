import puppeteer, { type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../embedded/seed';
import { startMakeRun } from './make-run';
import { atMost, row, type SummaryRow } from './summary';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SENDER = 'olivia@linksmate.dev';
const RECEIVER = 'jack@linksmate.dev';
/** Direct messages sent, one after another, each waited for on both sides. */
const MESSAGES = 20;
/** Quiet this long on both pages means the screens have settled after a message. */
const QUIET_MS = 750;
/** How long each message may take to show on the other side, and its receipt on the sender's. */
const WAIT_MS = 15_000;

interface Side {
  page: Page;
  userId: number;
  /** API calls since the count was last reset (the socket's own traffic is not counted). */
  calls: string[];
}

async function signedIn(browser: Awaited<ReturnType<typeof puppeteer.launch>>, url: string, email: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${url}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"], input[name="email"]').fill(email);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForFunction("!location.pathname.startsWith('/login')", { timeout: 30_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
  const token = (await page.evaluate("localStorage.getItem('token')")) as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id: number;
  };
  const side: Side = { page, userId: claims.user_id, calls: [] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/v1/')) side.calls.push(`${request.method()} ${path}`);
  });
  return side;
}

/** Waits until neither page has asked the API anything for QUIET_MS. */
async function settled(sides: Side[]): Promise<void> {
  let seen = -1;
  for (;;) {
    const now = sides.reduce((sum, s) => sum + s.calls.length, 0);
    if (now === seen) return;
    seen = now;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
}

/**
 * What the web app asks of the API for each direct message delivered live (issue 26, item 8):
 * olivia and jack in two browsers with the conversation open, olivia sending; each message waited
 * for on jack's page and as read on olivia's. Against `make run`, in Debian's Chromium.
 */
export async function measureChatRequests() {
  const stack = await startMakeRun();
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const sender = await signedIn(browser, stack.url, SENDER);
    const receiver = await signedIn(browser, stack.url, RECEIVER);
    await sender.page.goto(`${stack.url}/messages/direct/${receiver.userId}`, { waitUntil: 'networkidle0' });
    await receiver.page.goto(`${stack.url}/messages/direct/${sender.userId}`, { waitUntil: 'networkidle0' });
    await settled([sender, receiver]);
    sender.calls.length = 0;
    receiver.calls.length = 0;

    const late = { receiver: 0, sender: 0 };
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const text = `Tee time ${i} ${Date.now().toString(36)}`;
      await sender.page.locator('textarea[aria-label="Message"]').fill(text);
      await sender.page.keyboard.press('Enter');
      // Strings, evaluated in the page: this file is compiled without the DOM's types.
      const shown = `[...document.querySelectorAll('[data-testid="message"]')].filter((m) => m.textContent.includes(${JSON.stringify(text)}))`;
      // A message not shown (or not read) within the wait is counted late, and the next one goes.
      const within = (page: Page, condition: string) =>
        page.waitForFunction(condition, { timeout: WAIT_MS }).then(
          () => true,
          () => false,
        );
      if (!(await within(receiver.page, `${shown}.length > 0`))) late.receiver += 1;
      else if (
        !(await within(sender.page, `${shown}.some((m) => m.querySelector('[data-testid="tick-read"]'))`))
      )
        late.sender += 1;
    }
    await settled([sender, receiver]);
    const seconds = (performance.now() - started) / 1000;
    const perMessage = (side: Side) => side.calls.length / MESSAGES;
    const kinds = (side: Side) => {
      const counts = new Map<string, number>();
      for (const call of side.calls) {
        const kind = call.replace(/\/\d+(?=\/|$)/g, '/:id');
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      return [...counts].map(([kind, n]) => `${kind} ×${n}`).join(', ') || 'none';
    };
    const total = perMessage(sender) + perMessage(receiver);
    const rows: SummaryRow[] = [
      row({
        figure: 'chat: live DMs not shown within 15 s',
        value: late.receiver + late.sender,
        unit: 'messages',
        meets: atMost(0),
      }),
      row({
        figure: 'chat: API requests per live DM, sender + receiver',
        value: total,
        unit: 'requests',
        // The floor: the send itself and the receiver's read receipt.
        ceiling: 2,
        ratio: total / 2,
        meets: atMost(3),
      }),
    ];
    return {
      rows,
      report: () =>
        [
          `Chat requests — ${MESSAGES} direct messages delivered live in two browsers (make run, Chromium), ${seconds.toFixed(1)} s`,
          `  sender   ${perMessage(sender).toFixed(2)} requests per message: ${kinds(sender)}`,
          `  receiver ${perMessage(receiver).toFixed(2)} requests per message: ${kinds(receiver)}`,
          `  together ${total.toFixed(2)} (the floor is 2: the send and the receiver's read receipt)`,
          `  late (not shown within ${WAIT_MS / 1000} s): ${late.receiver} on the receiver's page, ${late.sender} read ticks on the sender's`,
        ].join('\n'),
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
