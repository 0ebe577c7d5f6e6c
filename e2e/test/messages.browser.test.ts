import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '../../proto/src/rules';
import {
  demoToken,
  logInAs as logIn,
  screenshot,
  seriousAccessibilityViolations,
  userIdOfToken,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

describe('messages in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let olivia: Page;
  let jack: Page;
  const findings: Record<string, string[]> = {};
  /** The admin sends an announcement to everyone, as the admin area does. */
  const announce = async (content: string) => {
    const token = await demoToken(stack.url, 'admin@linksmate.dev');
    const sent = await fetch(`${stack.url}/api/v1/admin/announcements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content }),
    });
    expect(sent.status).toBe(201);
  };

  beforeAll(async () => {
    olivia = await (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    jack = await (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(olivia, stack.url, 'olivia@linksmate.dev');
    await logIn(jack, stack.url, 'jack@linksmate.dev');
  });

  it('when olivia and jack chat in two browsers, then each message appears live and Delivered turns to Read', async () => {
    const oliviaId = userIdOfToken(await demoToken(stack.url, 'olivia@linksmate.dev'));
    const jackId = userIdOfToken(await demoToken(stack.url, 'jack@linksmate.dev'));
    await olivia.goto(`${stack.url}/messages/direct/${jackId}`);
    await jack.goto(`${stack.url}/messages/direct/${oliviaId}`);
    await olivia.getByRole('heading', { name: 'Jack Thompson' }).waitFor();
    await jack.getByRole('heading', { name: 'Olivia Nguyen' }).waitFor();

    const text = `Bring the rangefinder? ${Date.now().toString(36)}`;
    await olivia.getByLabel('Message', { exact: true }).fill(text);
    await olivia.getByRole('button', { name: 'Send' }).click();
    const mine = olivia.getByTestId('message').filter({ hasText: text });
    await mine.waitFor();
    // Jack's page shows it without reloading, and having seen it, marks it read: olivia's tick turns double.
    await jack.getByTestId('message').filter({ hasText: text }).waitFor({ timeout: 15_000 });
    await mine.getByTestId('tick-read').waitFor({ timeout: 15_000 });
    await screenshot(olivia, '90-messages-read');
    findings.conversation = await seriousAccessibilityViolations(olivia);

    // Text that looks like HTML stays text.
    const html = '<b>not bold</b>';
    await jack.getByLabel('Message', { exact: true }).fill(html);
    await jack.getByRole('button', { name: 'Send' }).click();
    const reply = olivia.getByTestId('message').filter({ hasText: html });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.locator('b').count()).toBe(0);

    // A photo: picked, uploaded, sent, and shown to jack as a picture.
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    await olivia
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fairway.png', mimeType: 'image/png', buffer: photo });
    await olivia.getByText('fairway.png').waitFor();
    await olivia.getByRole('button', { name: 'Send' }).click();
    const picture = jack.getByTestId('message').getByRole('img', { name: 'fairway.png' });
    await picture.waitFor({ timeout: 15_000 });
    expect(await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(
      320,
    );
    // A file that is not a picture or video is refused before it is sent.
    await olivia
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await olivia.getByText(/^Invalid file type/).waitFor();
  });

  it('when the admin sends an announcement, then it appears for both on the Announcements tab without reloading', async () => {
    await olivia.goto(`${stack.url}/messages/announcements`);
    await jack.goto(`${stack.url}/messages/announcements`);
    await olivia.getByText('Platform Announcements').waitFor();
    const content = `Course maintenance on Monday ${Date.now().toString(36)}`;
    await announce(content);
    await olivia.getByTestId('announcement').filter({ hasText: content }).waitFor({ timeout: 15_000 });
    await jack.getByTestId('announcement').filter({ hasText: content }).waitFor({ timeout: 15_000 });
    await screenshot(jack, '91-announcements');
    findings.announcements = await seriousAccessibilityViolations(jack);

    await olivia.goto(`${stack.url}/messages`);
    await olivia.getByText('No conversation selected').waitFor();
    findings.list = await seriousAccessibilityViolations(olivia);
    expect(findings).toEqual({ conversation: [], announcements: [], list: [] });
  });

  it("when jack's list of announcements is read just before one goes out and answered only after its push, then it still appears", async () => {
    const content = `Greens aerated this week ${Date.now().toString(36)}`;
    // Jack's first read of the list is answered by the server at once, before the announcement
    // exists, and reaches his page only after the push has: the stale answer must not win.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readStale!: () => void;
    const staleRead = new Promise<void>((resolve) => {
      readStale = resolve;
    });
    let held = false;
    const announcementsList = (url: URL) => url.pathname === '/api/v1/announcements';
    await jack.route(announcementsList, async (route) => {
      if (held) return route.continue();
      held = true;
      const response = await route.fetch();
      readStale();
      await gate;
      // The page may have given up on this read meanwhile (that is the fix): nothing to answer then.
      await route.fulfill({ response }).catch(() => undefined);
    });
    let socketUp!: () => void;
    const connected = new Promise<void>((resolve) => {
      socketUp = resolve;
    });
    let pushArrived!: () => void;
    const pushed = new Promise<void>((resolve) => {
      pushArrived = resolve;
    });
    jack.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (text.startsWith('40')) socketUp();
        if (text.includes(content)) pushArrived();
      }),
    );
    await jack.goto(`${stack.url}/messages/announcements`);
    await Promise.all([staleRead, connected]);

    await announce(content);
    await pushed;
    release();
    await jack.getByTestId('announcement').filter({ hasText: content }).waitFor({ timeout: 15_000 });
    await jack.unroute(announcementsList);
  });
  it("when the gateway refuses jack's socket at its handshake, then his app gets a fresh token, connects again and hears the next push", async () => {
    // The first socket is answered as the gateway answers a token that expired or went stale on the
    // way (socket.io does not retry such a refusal by itself); later ones reach the gateway.
    let handshakes = 0;
    let connectedAgain = false;
    await jack.routeWebSocket(
      (url) => url.pathname.startsWith('/socket.io'),
      (socket) => {
        handshakes += 1;
        if (handshakes > 1) {
          const gateway = socket.connectToServer();
          gateway.onMessage((message) => {
            if (String(message).startsWith('40')) connectedAgain = true;
            socket.send(message);
          });
          return;
        }
        socket.send(
          `0${JSON.stringify({ sid: 'refused', upgrades: [], pingInterval: 25_000, pingTimeout: 20_000, maxPayload: 1_000_000 })}`,
        );
        socket.onMessage((message) => {
          if (String(message).startsWith('40')) socket.send('44{"message":"unauthorized"}');
        });
      },
    );
    let refreshes = 0;
    jack.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/auth/refresh') refreshes += 1;
    });
    await jack.goto(`${stack.url}/messages/announcements`);
    await expect.poll(() => connectedAgain, { timeout: 15_000 }).toBe(true);
    expect(refreshes).toBeGreaterThanOrEqual(1);

    const content = `Clubhouse closed for the pennant final ${Date.now().toString(36)}`;
    await announce(content);
    await jack.getByTestId('announcement').filter({ hasText: content }).waitFor({ timeout: 15_000 });
  });
  it('when an address names no kind of conversation or no valid id, then the page says which, in the spec’s words', async () => {
    await olivia.goto(`${stack.url}/messages/foo/6`);
    await olivia.getByRole('alert').filter({ hasText: 'Invalid conversation type: foo' }).waitFor();
    expect(await olivia.getByText('No conversation selected').count()).toBe(0);
    await screenshot(olivia, '91-messages-invalid-type');
    await olivia.setViewportSize({ width: 390, height: 844 });
    await screenshot(olivia, '91-messages-invalid-type-390');
    await olivia.setViewportSize({ width: 1280, height: 900 });
    await olivia.goto(`${stack.url}/messages/direct/abc`);
    await olivia.getByRole('alert').filter({ hasText: MESSAGING_MESSAGES.invalidUserId }).waitFor();
    await olivia.goto(`${stack.url}/messages/event/abc`);
    await olivia.getByRole('alert').filter({ hasText: MESSAGING_MESSAGES.invalidEventId }).waitFor();
  });

  it('when someone has blocked olivia, then their thread says she cannot message them instead of offering a box that fails on send', async () => {
    const miaToken = await demoToken(stack.url, 'mia@linksmate.dev');
    const miaId = userIdOfToken(miaToken);
    const oliviaId = userIdOfToken(await demoToken(stack.url, 'olivia@linksmate.dev'));
    const block = (method: 'POST' | 'DELETE') =>
      fetch(`${stack.url}/api/v1/profile/block/${oliviaId}`, {
        method,
        headers: { authorization: `Bearer ${miaToken}` },
      });
    expect((await block('POST')).status).toBe(200);
    try {
      // The block reaches messaging over the bus: the thread shows it once it has.
      await expect
        .poll(
          async () => {
            await olivia.goto(`${stack.url}/messages/direct/${miaId}`);
            await olivia.getByRole('heading', { name: /Mia/ }).waitFor();
            return olivia.getByText(MESSAGING_MESSAGES.blocked).count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(await olivia.getByLabel('Message', { exact: true }).count()).toBe(0);
      expect(await olivia.getByRole('button', { name: 'Send' }).count()).toBe(0);
      await screenshot(olivia, '92-messages-blocked');
      findings.blocked = await seriousAccessibilityViolations(olivia);
      await olivia.setViewportSize({ width: 390, height: 844 });
      await screenshot(olivia, '92-messages-blocked-390');
      await olivia.setViewportSize({ width: 1280, height: 900 });
      expect(findings.blocked).toEqual([]);
    } finally {
      expect((await block('DELETE')).status).toBe(200);
    }
  });
});
