import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLocalVerifier } from '@linksmate/platform';
import { createTestAuth, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { EVENT_TITLE_TOKEN, eventIdOfPage } from '../src/event-page';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

const T = EVENT_TITLE_TOKEN;
/** The shape of the build's event.html: the token in `<title>` and in the page's `<h1>`. */
const EVENT_TEMPLATE = `<!doctype html><html><head><title>${T} — LinksMate</title></head><body><div id="root"><main id="main"><h1 class="m_8a5d1357">${T}</h1></main></div>${'<!-- padding -->'.repeat(50)}</body></html>`;
const EVENT_SHELL = `<!doctype html><html><head><title>LinksMate</title></head><body><div id="root"><main id="main"><span>Loading</span></main></div></body></html>`;

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lm-web-event-page-'));
  mkdirSync(join(dir, 'first-screens'));
  for (const [path, body] of [
    ['index.html', '<!doctype html><title>LinksMate</title><div id="root"></div>'],
    ['first-screens/event.html', EVENT_TEMPLATE],
    ['first-screens/event-shell.html', EVENT_SHELL],
  ] as const) {
    writeFileSync(join(dir, path), body);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
  }
  return dir;
}

const TRICKY_TITLE = `Tom's "Fun" <script>alert(1)</script> & Co $& Scramble`;
const LONG_DESCRIPTION = `A relaxed nine holes.\n\n${'Bring your own clubs. '.repeat(20)}`;

/** events-bookings as the page sees it: 7 public, 8 a tricky title, 9 slow, 10 members only, others none. */
function startEventsService(): Promise<{ server: Server; url: string; asked: IncomingMessage[] }> {
  const asked: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    asked.push(req);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/events/7')
      return json(200, { id: 7, title: 'Saturday Stableford', description: LONG_DESCRIPTION });
    if (req.url === '/events/8') return json(200, { id: 8, title: TRICKY_TITLE, description: null });
    if (req.url === '/events/9') {
      const timer = setTimeout(() => json(200, { id: 9, title: 'Too late', description: '' }), 2_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (req.url === '/events/10') return json(401, { error: 'Authentication required' });
    return json(404, { error: 'Event not found' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }),
    ),
  );
}

describe('gateway: an event page with its title', () => {
  let upstreams: Record<ServiceName, Upstream>;
  let events: Awaited<ReturnType<typeof startEventsService>>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    events = await startEventsService();
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    const config = loadGatewayConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...upstreamSettings(upstreams),
      EVENTS_URL: events.url,
      JWKS_URL: auth.jwksUrl,
      RATE_LIMIT_MAX: '1000',
      WEB_DIST: webBuild(),
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'lm-gateway-event-page-uploads-')),
    });
    gateway = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    const closed = gateway?.app.close();
    gateway?.app.server.closeAllConnections();
    await closed;
    events?.server.closeAllConnections();
    await new Promise((resolve) => events?.server.close(resolve));
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  async function page(path: string, acceptEncoding = 'identity') {
    const res = await request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const coding = res.headers['content-encoding'];
    const html = (
      coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw
    ).toString();
    return { status: res.statusCode, headers: res.headers, raw, html };
  }

  it('when an event page path is read, then only a canonical id names an event', () => {
    expect(eventIdOfPage('/events/7')).toBe(7);
    expect(eventIdOfPage('/events/2147483647')).toBe(2147483647);
    for (const path of [
      '/events/07',
      '/events/0',
      '/events/+7',
      '/events/7.0',
      '/events/0x7',
      '/events/2147483648',
      '/events/abc',
      '/events/7/edit',
      '/events',
    ]) {
      expect(eventIdOfPage(path), path).toBeNull();
    }
  });

  it('when a public event is asked for, then its title is in the <h1> and <title> with Open Graph tags, compressed, revalidated', async () => {
    for (const [acceptEncoding, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await page('/events/7', acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      if (coding) expect(res.raw.length).toBeLessThan(res.html.length);
      expect(res.html).toContain('<title>Saturday Stableford — LinksMate</title>');
      expect(res.html).toContain('<h1 class="m_8a5d1357">Saturday Stableford</h1>');
      expect(res.html).not.toContain(T);
      expect(res.html).toContain('<meta property="og:type" content="website" />');
      expect(res.html).toContain('<meta property="og:title" content="Saturday Stableford" />');
      const description = /<meta property="og:description" content="([^"]*)" \/>/.exec(res.html)?.[1];
      expect(description).toMatch(/^A relaxed nine holes\. Bring your own clubs\. Bring/);
      expect(description).toMatch(/…$/);
      expect(Array.from(description!).length).toBe(160);
      expect(res.html.indexOf('og:title')).toBeLessThan(res.html.indexOf('</head>'));
    }
  });

  it('when the title has markup, quotes and a replacement pattern, then it comes escaped, as text', async () => {
    const res = await page('/events/8');
    const escaped =
      'Tom&#39;s &quot;Fun&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co $&amp; Scramble';
    expect(res.html).toContain(`<h1 class="m_8a5d1357">${escaped}</h1>`);
    expect(res.html).toContain(`<title>${escaped} — LinksMate</title>`);
    expect(res.html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(res.html).not.toContain('<script>');
    expect(res.html).not.toContain('og:description');
  });

  it('when there is no such event, or it is members only, or the id is not canonical, then the page comes without a title', async () => {
    for (const path of ['/events/404', '/events/10', '/events/07', '/events/abc']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toBe(EVENT_SHELL);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const asked = events.asked.map((req) => req.url);
    expect(asked).not.toContain('/events/07');
    expect(asked).not.toContain('/events/abc');
    // Anonymous: no client's cookie or token goes to the service.
    const withCookie = await request(`${base}/events/10`, {
      headers: { cookie: 'lm_refresh=secret', authorization: 'Bearer x' },
    });
    await withCookie.body.dump();
    expect(events.asked.at(-1)?.headers.cookie).toBeUndefined();
    expect(events.asked.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('when events-bookings is slow, then the page comes without a title within the timeout', async () => {
    const started = performance.now();
    const res = await page('/events/9');
    const took = performance.now() - started;
    expect(res.html).toBe(EVENT_SHELL);
    expect(took).toBeLessThan(1_000);
    expect(took).toBeGreaterThanOrEqual(290);
  });

  it('when two events are asked for in turn, then each page has its own title', async () => {
    const [seven, eight, sevenAgain] = await Promise.all([
      page('/events/7'),
      page('/events/8'),
      page('/events/7'),
    ]);
    expect(seven.html).toContain('<title>Saturday Stableford — LinksMate</title>');
    expect(eight.html).toContain('&lt;script&gt;');
    expect(eight.html).not.toContain('Saturday Stableford');
    expect(sevenAgain.html).toBe(seven.html);
  });
});
