import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLocalVerifier, LocalDiskStorage } from '@linksmate/platform';
import { createTestAuth, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { COMPRESS_THRESHOLD_BYTES, COMPRESSED_BUFFER_LIMIT, chooseEncoding } from '../src/compression';
import { loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/routes';
import { firstScreenOf } from '../src/web';
import { jsonListOf, startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

const INDEX = `<!doctype html><title>LinksMate</title><div id="root"></div>${'<!-- padding -->'.repeat(50)}`;
const VENUES = `<!doctype html><title>LinksMate</title><div id="root"><h1>Discover Golf Venues</h1></div>${'<!-- padding -->'.repeat(50)}`;
const EVENT = `<!doctype html><title>LinksMate</title><div id="root"><main id="main"></main></div>${'<!-- padding -->'.repeat(50)}`;
const SCRIPT = `console.log(${JSON.stringify('a golf app '.repeat(300))});`;

/** A web build as `npm run build -w web` writes it: each file with its .br and .gz beside it. */
function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lm-web-compressed-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'first-screens'));
  // The landing pages the build paints; this one has no home page's.
  for (const [path, body] of [
    ['index.html', INDEX],
    ['first-screens/venues.html', VENUES],
    ['first-screens/event-shell.html', EVENT],
    ['assets/app-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), body);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
  }
  return dir;
}

describe('gateway: compression and caching', () => {
  const video = Buffer.from('{"looks":"like json but is a stored video"} '.repeat(100));
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    const uploadsDir = mkdtempSync(join(tmpdir(), 'lm-gateway-compress-uploads-'));
    await new LocalDiskStorage(uploadsDir).put('venues/gallery/abc.mp4', video, 'video/mp4');
    upstreams = await startUpstreams();
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    const config = loadGatewayConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...upstreamSettings(upstreams),
      JWKS_URL: auth.jwksUrl,
      RATE_LIMIT_MAX: '1000',
      WEB_DIST: webBuild(),
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: uploadsDir,
    });
    gateway = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    const closed = gateway?.app.close();
    gateway?.app.server.closeAllConnections();
    await closed;
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  /** The answer exactly as it crossed the wire: undici's request, unlike fetch, decodes nothing. */
  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await request(`${base}${path}`, { headers });
    const body = Buffer.from(await res.body.arrayBuffer());
    const header = (name: string) => {
      const value = res.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    return { status: res.statusCode, body, header };
  }

  const decode = (body: Buffer, coding: string | undefined) =>
    coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;

  it('when Accept-Encoding is read, then br comes first, then gzip, then none; q=0 refuses a coding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('BR;Q=1')).toBe('br');
  });

  it('when the app is asked for with br, gzip or neither, then the prebuilt file of that coding comes with its own length and Vary', async () => {
    for (const [acceptEncoding, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      for (const [path, original] of [
        ['/', INDEX],
        ['/assets/app-abc123.js', SCRIPT],
        ['/events/42', EVENT],
        ['/venues', VENUES],
        ['/login', INDEX],
      ] as const) {
        const res = await get(path, { 'accept-encoding': acceptEncoding });
        const what = `${path} with ${acceptEncoding}`;
        expect(res.status, what).toBe(200);
        expect(res.header('content-encoding'), what).toBe(coding);
        expect(res.header('content-length'), what).toBe(String(res.body.length));
        expect(res.header('vary'), what).toMatch(/accept-encoding/i);
        expect(decode(res.body, coding).toString(), what).toBe(original);
        if (coding) expect(res.body.length, what).toBeLessThan(original.length);
      }
    }
    const none = await get('/assets/app-abc123.js');
    expect(none.header('content-encoding')).toBeUndefined();
    expect(none.header('content-type')).toContain('javascript');
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(br.header('content-type')).toContain('javascript');
  });

  it('when a landing page is asked for, then its painted HTML comes, or index.html where the build has none', async () => {
    expect(firstScreenOf('/')).toBe('home');
    expect(firstScreenOf('/venues')).toBe('venues');
    expect(firstScreenOf('/events')).toBe('events');
    expect(firstScreenOf('/events/14')).toBe('event-shell');
    for (const other of ['/venues/3', '/events/14/edit', '/login', '/players', '/admin/events']) {
      expect(firstScreenOf(other), other).toBeNull();
    }
    for (const [path, page] of [
      ['/venues?search=royal', VENUES],
      ['/events/14', EVENT],
      ['/', INDEX],
      ['/venues/3', INDEX],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.header('content-type'), path).toContain('text/html');
      expect(res.header('cache-control'), path).toBe('no-cache');
      expect(res.body.toString(), path).toBe(page);
    }
  });

  it('when hashed assets and pages are served, then assets are cached for a year as immutable and pages are revalidated', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const asset = await get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(asset.header('cache-control')).toBe('public, max-age=31536000, immutable');
      for (const page of ['/', '/index.html', '/venues', '/events/42']) {
        const res = await get(page, { 'accept-encoding': acceptEncoding });
        expect(res.header('cache-control'), page).toBe('no-cache');
      }
    }
  });

  it('when a video is asked for by range with br accepted, then the stored bytes come untouched as 206', async () => {
    const res = await get('/uploads/venues/gallery/abc.mp4', {
      'accept-encoding': 'br, gzip',
      range: 'bytes=2-11',
    });
    expect(res.status).toBe(206);
    expect(res.header('content-encoding')).toBeUndefined();
    expect(res.header('content-range')).toBe(`bytes 2-11/${video.length}`);
    expect(res.body).toEqual(video.subarray(2, 12));
    const whole = await get('/uploads/venues/gallery/abc.mp4', { 'accept-encoding': 'br, gzip' });
    expect(whole.header('content-encoding')).toBeUndefined();
    expect(whole.body).toEqual(video);
  });

  it('when a service answers JSON above the threshold, then the client gets it compressed in its coding with Vary and a weak ETag', async () => {
    for (const bytes of [COMPRESS_THRESHOLD_BYTES + 1, 20_000, 300_000, COMPRESSED_BUFFER_LIMIT + 1]) {
      const json = jsonListOf(bytes);
      for (const [acceptEncoding, coding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const what = `${bytes} bytes with ${acceptEncoding}`;
        const res = await get(`/api/v1/profile/list?bytes=${bytes}`, { 'accept-encoding': acceptEncoding });
        expect(res.status, what).toBe(200);
        expect(res.header('content-encoding'), what).toBe(coding);
        expect(res.header('vary'), what).toMatch(/accept-encoding/i);
        expect(res.header('etag'), what).toBe('W/"list-1"');
        expect(res.header('content-type'), what).toContain('application/json');
        // Answers compressed whole say their new length; larger ones stream compressed (chunked).
        if (bytes <= COMPRESSED_BUFFER_LIMIT)
          expect(res.header('content-length'), what).toBe(String(res.body.length));
        else expect(res.header('content-length'), what).toBeUndefined();
        expect(decode(res.body, coding).toString(), what).toBe(json);
        if (bytes > 10_000) expect(res.body.length, what).toBeLessThan(json.length / 4);
      }
      const plain = await get(`/api/v1/profile/list?bytes=${bytes}`, {
        'accept-encoding': 'br;q=0, gzip;q=0',
      });
      expect(plain.header('content-encoding')).toBeUndefined();
      expect(plain.header('vary')).toMatch(/accept-encoding/i);
      expect(plain.header('etag')).toBe('"list-1"');
      expect(plain.body.toString()).toBe(json);
    }
  });

  it('when a service answers JSON at or below the threshold, or something other than JSON, then it passes as it came', async () => {
    for (const bytes of [200, COMPRESS_THRESHOLD_BYTES]) {
      const res = await get(`/api/v1/profile/list?bytes=${bytes}`, {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(res.header('content-encoding'), `${bytes}`).toBeUndefined();
      expect(res.header('content-length'), `${bytes}`).toBe(String(bytes));
      expect(res.body.toString()).toBe(jsonListOf(bytes));
    }
    const csv = await get('/api/v1/profile/export.csv', { 'accept-encoding': 'br' });
    expect(csv.header('content-encoding')).toBeUndefined();
    expect(csv.body.toString()).toBe('id,name\n'.repeat(1000));
    const large = await get('/api/v1/profile/large', { 'accept-encoding': 'br' });
    expect(large.header('content-encoding')).toBeUndefined();
    expect(large.body.length).toBe(1024 * 1024);
  });

  it('when a large JSON answer is asked for by HEAD, then no body and no coding, but Vary', async () => {
    const res = await request(`${base}/api/v1/profile/list?bytes=20000`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('when a browser fetches compressed JSON, then it reads the same JSON', async () => {
    const res = await fetch(`${base}/api/v1/profile/list?bytes=5000`);
    expect(await res.text()).toBe(jsonListOf(5000));
  });
});
