import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalVerifier, LocalDiskStorage } from '@linksmate/platform';
import { createTestAuth, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

/** A GET sent exactly as written: fetch would resolve `..` before it ever left. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway: stored uploads', () => {
  const picture = Buffer.from('RIFF\u0010\u0000\u0000\u0000WEBPVP8 a stored picture');
  const video = Buffer.from('stored media bytes');
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lm-gateway-uploads-'));
    const uploadsDir = join(dataDir, 'uploads');
    mkdirSync(uploadsDir);
    // What must never be reachable: files beside and above the uploads folder.
    writeFileSync(join(dataDir, 'secret.webp'), 'SECRET-BESIDE');
    writeFileSync(join(dataDir, 'secret.txt'), 'SECRET-BESIDE');
    await new LocalDiskStorage(uploadsDir).put('profile-images/abc.webp', picture, 'image/webp');
    await new LocalDiskStorage(uploadsDir).put('profile-images/abc.jpg', Buffer.from('jpeg'), 'image/jpeg');
    for (const [key, type] of [
      ['venues/gallery/abc.mp4', 'video/mp4'],
      ['venues/gallery/abc.webm', 'video/webm'],
      ['venues/gallery/thumbnails/abc.jpg', 'image/jpeg'],
    ] as const)
      await new LocalDiskStorage(uploadsDir).put(key, video, type);

    upstreams = await startUpstreams();
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    const config = loadGatewayConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...upstreamSettings(upstreams),
      JWKS_URL: auth.jwksUrl,
      WEB_DIST: join(dataDir, 'no-web-build'),
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: uploadsDir,
    });
    gateway = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    const closed = gateway?.app.close();
    // The last answer's keep-alive connection may not count as idle yet when close looks, and
    // would then hold close for the keep-alive timeout; nothing is in flight any more.
    gateway?.app.server.closeAllConnections();
    await closed;
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  it('when a stored picture is asked for, then it comes with its content type, length and a year-long immutable cache', async () => {
    const res = await fetch(`${base}/uploads/profile-images/abc.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String(picture.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(picture);
    const jpeg = await fetch(`${base}/uploads/profile-images/abc.jpg`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  });

  it('when the browser already holds the picture, then a conditional request is answered 304', async () => {
    const first = await fetch(`${base}/uploads/profile-images/abc.webp`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${base}/uploads/profile-images/abc.webp`, {
      headers: { 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
  });

  it('when HEAD is asked, then the headers come without the body', async () => {
    const res = await fetch(`${base}/uploads/profile-images/abc.webp`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('when a key is missing, then the answer is a JSON 404', async () => {
    const res = await fetch(`${base}/uploads/profile-images/missing.webp`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
    expect((await fetch(`${base}/uploads/profile-images`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/`)).status).toBe(404);
  });

  it('when a path climbs out of the uploads folder, plainly or encoded, then it is a 404 and nothing of outside leaks', async () => {
    for (const path of [
      '/uploads/../secret.txt',
      '/uploads/../secret.webp',
      '/uploads/profile-images/../../secret.webp',
      '/uploads/%2e%2e/secret.webp',
      '/uploads/profile-images/..%2f..%2fsecret.webp',
      '/uploads/..%5csecret.webp',
      '/uploads/%2fetc%2fpasswd',
      '/uploads//etc/passwd',
    ]) {
      const res = await rawGet(base, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('SECRET');
      expect(res.body, path).not.toContain('root:');
    }
  });

  it('when a venue gallery video of 100 MB is posted, then every byte reaches venues-coaches, past the JSON body limit', async () => {
    const token = await auth.tokenFor(7, 'admin');
    const form = new FormData();
    form.append('venue_id', '1');
    form.append('media', new Blob([Buffer.alloc(100 * 1024 * 1024, 7)], { type: 'video/mp4' }), 'clip.mp4');
    const res = await fetch(`${base}/api/v1/upload/venue-gallery`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const seen = (await res.json()) as { service: string; url: string; bytes: number };
    expect(seen).toMatchObject({ service: 'venues-coaches', url: '/upload/venue-gallery' });
    expect(seen.bytes).toBeGreaterThan(100 * 1024 * 1024);
  });

  it('when a venue photo is uploaded or venue media deleted, then venues-coaches answers', async () => {
    const token = await auth.tokenFor(7, 'admin');
    for (const [method, path] of [
      ['POST', '/upload/venue-photo'],
      ['DELETE', '/upload/venue-photo/3'],
      ['DELETE', '/upload/venue-image/12'],
    ] as const) {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { body: new FormData() } : {}),
      });
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { service: string }).service, path).toBe('venues-coaches');
    }
  });

  it('when a stored venue video and its thumbnail are asked for, then each comes with its own type', async () => {
    for (const [path, type] of [
      ['venues/gallery/abc.mp4', 'video/mp4'],
      ['venues/gallery/abc.webm', 'video/webm'],
      ['venues/gallery/thumbnails/abc.jpg', 'image/jpeg'],
    ] as const) {
      const res = await fetch(`${base}/uploads/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()), path).toEqual(video);
    }
  });

  it('when a player asks for a byte range of a video, then 206 carries those bytes; outside the file, 416', async () => {
    const url = `${base}/uploads/venues/gallery/abc.mp4`;
    const size = video.length;
    for (const [range, start, end] of [
      ['bytes=2-5', 2, 5],
      ['bytes=5-', 5, size - 1],
      ['bytes=-4', size - 4, size - 1],
      ['bytes=0-99999', 0, size - 1],
    ] as const) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('content-type'), range).toBe('video/mp4');
      expect(Buffer.from(await res.arrayBuffer()), range).toEqual(video.subarray(start, end + 1));
    }
    const outside = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    await outside.arrayBuffer();
    // What is not one plain byte range is ignored: the whole file, as without the header.
    for (const range of ['bytes=5-2', 'items=0-1', 'bytes=0-1,3-4', 'bytes=-', 'bytes=a-b']) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('accept-ranges'), range).toBe('bytes');
      expect(Buffer.from(await res.arrayBuffer()), range).toEqual(video);
    }
  });
});
