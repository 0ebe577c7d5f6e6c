import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalVerifier } from '@linksmate/platform';
import { createTestAuth, eventually, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { type GatewayConfig, loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lm-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LinksMate</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

describe('gateway', () => {
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;
  let config: GatewayConfig;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    // Identity already knows that user 91's tokens before version 4 were revoked.
    upstreams.identity.tokenVersions.versions = [{ user_id: 91, token_version: 4 }];
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    config = loadGatewayConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...upstreamSettings(upstreams),
      JWKS_URL: auth.jwksUrl,
      AUTH_RATE_LIMIT_MAX: '5',
      RATE_LIMIT_MAX: '1000',
      BODY_LIMIT_BYTES: '2048',
      WEB_DIST: webBuild(),
      PUBLIC_URL: 'http://localhost:8080',
      CORS_ORIGINS: 'https://app.example.com',
    });
    gateway = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.app.close();
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  const json = (res: Response): Promise<any> => res.json();

  it('when a path is under /api/v1, then the owning service answers it without the prefix, query kept', async () => {
    const cases: Array<[string, ServiceName, string]> = [
      ['/api/v1/auth/login', 'identity', '/auth/login'],
      ['/api/v1/profile/12?x=1', 'identity', '/profile/12?x=1'],
      [
        '/api/v1/admin/payments/transactions?limit=6',
        'membership-payments',
        '/admin/payments/transactions?limit=6',
      ],
      ['/api/v1/payments/plans', 'membership-payments', '/payments/plans'],
      ['/api/v1/events/linksmate', 'events-bookings', '/events/linksmate'],
      ['/api/v1/member-games/my-created', 'events-bookings', '/member-games/my-created'],
      ['/api/v1/bookings/my?status=confirmed', 'events-bookings', '/bookings/my?status=confirmed'],
      ['/api/v1/calendar/feed-url', 'events-bookings', '/calendar/feed-url'],
      [
        '/api/v1/calendar/feed/abcdef0123456789.ics',
        'events-bookings',
        '/calendar/feed/abcdef0123456789.ics',
      ],
      ['/api/v1/admin/events/7/add-user', 'events-bookings', '/admin/events/7/add-user'],
      ['/api/v1/admin/profile-claims/3', 'venues-coaches', '/admin/profile-claims/3'],
      ['/api/v1/admin/profile', 'venues-coaches', '/admin/profile'],
      ['/api/v1/messages/dm/4', 'messaging', '/messages/dm/4'],
      ['/api/v1/admin/users?page=2', 'admin', '/admin/users?page=2'],
      ['/v1/announcements?limit=10', 'messaging', '/announcements?limit=10'],
    ];
    for (const [path, service, forwarded] of cases) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const body = await json(res);
      expect([body.service, body.url], path).toEqual([service, forwarded]);
    }
  });

  it('when a body is posted, then it reaches the service byte for byte with the request id and the real client address', async () => {
    const payload = '{"email":"a@b.co","password":"Secret1!"}';
    const res = await call('/api/v1/auth/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'trace-12345678',
        'x-service-token': 'forged',
        'x-forwarded-for': '203.0.113.9',
      },
      body: payload,
    });
    const body = await json(res);
    // The service learns the caller's real address, never one the caller made up.
    expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(body.body).toBe(payload);
    expect(body.method).toBe('POST');
    expect(body.headers['x-request-id']).toBe('trace-12345678');
    expect(body.headers['x-service-token']).toBeUndefined();
    expect(res.headers.get('x-request-id')).toBe('trace-12345678');
  });

  it('when a body comes in pieces of unannounced length, then it streams to the service byte for byte', async () => {
    const pieces = ['{"bio":"', 'Grüße from the ', '19th hole', '"}'].map((piece) =>
      new TextEncoder().encode(piece),
    );
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next < pieces.length) controller.enqueue(pieces[next++]!);
        else controller.close();
      },
    });
    const res = await call('/api/v1/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect((await json(res)).body).toBe('{"bio":"Grüße from the 19th hole"}');
  });

  it('when a service answers large, in chunks of unknown length, or with no content, then the client gets exactly that', async () => {
    const large = await call('/api/v1/profile/large');
    expect(large.status).toBe(200);
    expect(large.headers.get('content-length')).toBe(String(1024 * 1024));
    const body = Buffer.from(await large.arrayBuffer());
    expect(body.equals(Buffer.alloc(1024 * 1024, 'golf '))).toBe(true);

    const chunked = await call('/api/v1/profile/chunked');
    expect(await chunked.text()).toBe('part 0\npart 1\npart 2\npart 3\npart 4\n');

    const nothing = await call('/api/v1/profile/nothing');
    expect(nothing.status).toBe(204);
    expect(nothing.headers.get('x-upstream')).toBe('identity');
    expect(await nothing.text()).toBe('');

    const head = await call('/api/v1/profile/large', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('when a client gives up mid-answer, then the gateway goes on serving others', async () => {
    const controller = new AbortController();
    const response = await call('/api/v1/profile/large', { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.read().catch(() => {});
    const next = await call('/api/v1/profile/chunked');
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('part 4');
  });

  it('when an /api path belongs to no service, then a JSON 404', async () => {
    for (const path of ['/api/v1/nothing-here', '/api/v1/internal/token-versions', '/api/elsewhere']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect((await json(res)).code).toBe('not_found');
    }
  });

  it('when a page path is asked for, then the web app answers (SPA fallback) with security headers', async () => {
    const home = await call('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const res = await call('/events/42');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await call('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await call('/assets/app-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });

  it('when a configured origin preflights, then CORS allows it; another origin is not allowed', async () => {
    const allowed = await call('/api/v1/profile', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await call('/api/v1/profile', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'PUT' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a body is over the limit, then 413 before the service sees it', async () => {
    const res = await call('/api/v1/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bio: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).code).toBe('payload_too_large');
  });

  it('when a body of unannounced length streams past the limit, then 413 and the gateway goes on', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await call('/api/v1/profile', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await json(res)).code).toBe('payload_too_large');
    expect((await call('/api/v1/profile')).status).toBe(200);
  });

  it('when a token is bad or expired, then 401; when valid, then it passes', async () => {
    const expired = await auth.tokenFor(5, 'member', {
      now: new Date(Date.now() - 7_200_000),
      ttlSeconds: 60,
    });
    const bad = await call('/api/v1/profile', { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.status).toBe(401);
    expect((await json(bad)).code).toBe('invalid_token');
    const old = await call('/api/v1/profile', { headers: { authorization: `Bearer ${expired}` } });
    expect(old.status).toBe(401);
    expect((await json(old)).code).toBe('token_expired');
    const good = await call('/api/v1/profile', {
      headers: { authorization: `Bearer ${await auth.tokenFor(5)}` },
    });
    expect(good.status).toBe(200);
  });

  it("when identity says a user's tokens were revoked, then older tokens are refused", async () => {
    const before = await auth.tokenFor(77, 'member', { ver: 1 });
    gateway.tokenVersions.observe(77, 2);
    const res = await call('/api/v1/profile', { headers: { authorization: `Bearer ${before}` } });
    expect(res.status).toBe(401);
    expect((await json(res)).code).toBe('token_revoked');
    const after = await auth.tokenFor(77, 'member', { ver: 2 });
    expect((await call('/api/v1/profile', { headers: { authorization: `Bearer ${after}` } })).status).toBe(
      200,
    );
  });

  it("when the gateway has started, then identity's snapshot is in: it is ready and older tokens of revoked users are refused", async () => {
    await eventually(async () => expect((await call('/ready')).status).toBe(200));
    expect((await json(await call('/ready'))).checks).toEqual({
      token_versions: true,
      memberships: true,
    });
    expect((await json(await call('/health'))).details).toEqual({ bus: 'connected' });
    const older = await auth.tokenFor(91, 'member', { ver: 3 });
    const res = await call('/api/v1/profile', { headers: { authorization: `Bearer ${older}` } });
    expect((await json(res)).code).toBe('token_revoked');
  });

  it('when identity cannot give its snapshot yet, then the gateway is not ready until it can', async () => {
    upstreams.identity.tokenVersions.status = 503;
    const second = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    try {
      const url = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const waiting = await fetch(`${url}/ready`);
      expect(waiting.status).toBe(503);
      expect((await json(waiting)).checks.token_versions).toBe(false);
      upstreams.identity.tokenVersions.status = 200;
      await eventually(async () => expect((await fetch(`${url}/ready`)).status).toBe(200), 5_000);
      expect(second.tokenVersions.isStale({ user_id: 91, ver: 3 })).toBe(true);
    } finally {
      upstreams.identity.tokenVersions.status = 200;
      await second.app.close();
    }
  });

  it('when /auth is called past its limit, then 429 with a clear message, claiming a profile too, while other paths go on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call('/api/v1/auth/forgot-password', { method: 'POST' })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await call('/api/v1/auth/login', { method: 'POST' });
    expect(limited.status).toBe(429);
    expect((await json(limited)).error).toMatch(/Too many requests/);
    // Claiming a profile makes an account as registering does: it shares the stricter limit.
    expect((await call('/api/v1/claim-profile', { method: 'POST' })).status).toBe(429);
    expect((await call('/api/v1/events')).status).toBe(200);
    // One's own sessions take no credential: listing and signing them out go on, as logging out does.
    expect((await call('/api/v1/auth/sessions')).status).not.toBe(429);
    expect((await call('/api/v1/auth/sessions/abc', { method: 'DELETE' })).status).not.toBe(429);
    expect((await call('/api/v1/auth/sessions/revoke-all', { method: 'POST' })).status).not.toBe(429);
    expect((await call('/api/v1/auth/logout', { method: 'POST' })).status).not.toBe(429);
    expect((await call('/api/v1/auth/sessionsx')).status).toBe(429);
    expect((await call('/api/v1/auth/refresh', { method: 'POST' })).status).toBe(429);
  });

  it('when all services are ready, then /api/v1/health is 200; when one is not, then 503 naming it', async () => {
    const ok = await call('/api/v1/health');
    expect(ok.status).toBe(200);
    expect((await json(ok)).services.identity).toBe('ready');
    upstreams.admin.ready = false;
    const degraded = await call('/api/v1/health');
    upstreams.admin.ready = true;
    expect(degraded.status).toBe(503);
    expect((await json(degraded)).services.admin).toBe('not_ready');
  });

  it("when the docs are asked for, then the services' OpenAPI documents come gathered", async () => {
    const res = await call('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/identity/thing', '/admin/thing']));
    expect((await call('/api/docs')).status).toBeLessThan(400);
  });

  describe('Socket.IO', () => {
    const connect = (token?: string, inQuery = false) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(base, {
          path: '/socket.io',
          ...(inQuery ? { query: { token } } : { auth: token ? { token } : {} }),
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', (err) => {
          socket.close();
          reject(err);
        });
      });

    it('when the handshake has no valid token, then it is refused', async () => {
      await expect(connect()).rejects.toThrow('unauthorized');
      await expect(connect('nope')).rejects.toThrow('unauthorized');
    });

    it('when a valid token comes in the URL instead of the handshake, then it is refused (URLs end up in logs)', async () => {
      await expect(connect(await auth.tokenFor(32), true)).rejects.toThrow('unauthorized');
    });

    it('when the handshake has a valid token, then the socket joins its user room and hears its events', async () => {
      const socket = await connect(await auth.tokenFor(31));
      const heard: unknown[] = [];
      socket.on('claims:changed', (payload) => heard.push(payload));
      await bus.publish([
        {
          id: crypto.randomUUID(),
          type: 'identity.user.claims-changed',
          version: 1,
          occurredAt: new Date().toISOString(),
          source: 'identity',
          correlationId: 'c-1',
          data: {
            user_id: 31,
            role: 'member',
            membership_status: 'trialing',
            membership_ends_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
            token_version: 0,
            changed_at: new Date().toISOString(),
          },
        },
      ]);
      await eventually(() => expect(heard).toHaveLength(1));
      socket.close();
    });
  });

  it('when the same event is delivered twice (a relay republishing after a crash), then the socket hears it once', async () => {
    const token = await auth.tokenFor(43);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connectSocket(base, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const heard: unknown[] = [];
    socket.on('waitlist:offered', (payload) => heard.push(payload));
    const event = {
      id: crypto.randomUUID(),
      type: 'events.waitlist.offered',
      version: 1,
      occurredAt: new Date().toISOString(),
      source: 'events-bookings',
      correlationId: 'c-twice',
      data: {
        event_id: 13,
        event_title: 'Dawn Patrol',
        user_id: 43,
        offer_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        occurred_at: new Date().toISOString(),
      },
    };
    await bus.publish([event]);
    await bus.publish([event]);
    await eventually(() => expect(heard).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(1);
    socket.close();
  });

  it("when a waitlisted person is offered a seat, then only that person's socket hears waitlist:offered", async () => {
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(base, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const offered = await connect(await auth.tokenFor(41));
    const bystander = await connect(await auth.tokenFor(42));
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    offered.on('waitlist:offered', (payload) => heard.push(payload));
    bystander.on('waitlist:offered', (payload) => overheard.push(payload));
    const data = {
      event_id: 12,
      event_title: 'Twilight Nine',
      user_id: 41,
      offer_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      occurred_at: new Date().toISOString(),
    };
    await bus.publish([
      {
        id: crypto.randomUUID(),
        type: 'events.waitlist.offered',
        version: 1,
        occurredAt: new Date().toISOString(),
        source: 'events-bookings',
        correlationId: 'c-waitlist',
        data,
      },
    ]);
    await eventually(() => expect(heard).toEqual([data]));
    await new Promise((r) => setTimeout(r, 200));
    expect(overheard).toEqual([]);
    offered.close();
    bystander.close();
  });

  it('when a service is stopped, then its paths get a JSON 503 naming it within a second', async () => {
    await stopUpstream(upstreams.messaging);
    const started = Date.now();
    const res = await call('/api/v1/messages/conversations');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({
      error: 'The messaging service is unavailable. Please try again shortly.',
      code: 'service_unavailable',
    });
  });
});
