import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_NAMES, type ServiceName } from '../src/routes';

export interface Upstream {
  name: ServiceName;
  url: string;
  ready: boolean;
  server: Server;
  /** What identity's `/internal/token-versions` answers (identity only). */
  tokenVersions: { status: number; versions: Array<{ user_id: number; token_version: number }> };
  /** What identity's `/internal/membership-claims` answers (identity only). */
  membershipClaims: {
    status: number;
    memberships: Array<{
      user_id: number;
      membership_status: string | null;
      membership_ends_at: string | null;
      membership_version: number;
    }>;
  };
}

/**
 * Stand-ins for the six services: each answers /ready and echoes what the gateway forwarded, so
 * the tests see exactly what crossed the proxy.
 */
export async function startUpstreams(): Promise<Record<ServiceName, Upstream>> {
  const entries = await Promise.all(
    SERVICE_NAMES.map(async (name) => {
      const upstream = {
        name,
        ready: true,
        tokenVersions: { status: 200, versions: [] },
        membershipClaims: { status: 200, memberships: [] },
      } as unknown as Upstream;
      upstream.server = createServer((req, res) => {
        if (name === 'identity' && req.url === '/internal/token-versions') {
          const { status, versions } = upstream.tokenVersions;
          const allowed = !!req.headers['x-service-token'] && status === 200;
          res.writeHead(allowed ? 200 : req.headers['x-service-token'] ? status : 401, {
            'content-type': 'application/json',
          });
          res.end(JSON.stringify(allowed ? { versions } : { error: 'unavailable' }));
          return;
        }
        if (name === 'identity' && req.url === '/internal/membership-claims') {
          const { status, memberships } = upstream.membershipClaims;
          const allowed = !!req.headers['x-service-token'] && status === 200;
          res.writeHead(allowed ? 200 : req.headers['x-service-token'] ? status : 401, {
            'content-type': 'application/json',
          });
          res.end(JSON.stringify(allowed ? { memberships } : { error: 'unavailable' }));
          return;
        }
        if (req.url === '/ready') {
          res.writeHead(upstream.ready ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: upstream.ready ? 'ready' : 'not_ready' }));
          return;
        }
        if (req.url === '/health') {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: 'ok', service: name }));
          return;
        }
        // Answers of every shape a proxy must relay: large, of unknown length, empty.
        if (req.url === '/profile/large') {
          const body = Buffer.alloc(1024 * 1024, 'golf ');
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length }).end(body);
          return;
        }
        if (req.url === '/profile/chunked') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          let sent = 0;
          const timer = setInterval(() => {
            res.write(`part ${sent++}\n`);
            if (sent === 5) {
              clearInterval(timer);
              res.end();
            }
          }, 10);
          return;
        }
        // JSON of about `bytes` bytes with its length (a list page), and a CSV export.
        if (req.url?.startsWith('/profile/list?bytes=')) {
          const bytes = Number(req.url.slice('/profile/list?bytes='.length));
          const body = Buffer.from(jsonListOf(bytes));
          res
            .writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'content-length': body.length,
              etag: '"list-1"',
            })
            .end(body);
          return;
        }
        if (req.url === '/profile/export.csv') {
          const body = Buffer.from('id,name\n'.repeat(1000));
          res.writeHead(200, { 'content-type': 'text/csv', 'content-length': body.length }).end(body);
          return;
        }
        if (req.url === '/profile/nothing') {
          res.writeHead(204, { 'x-upstream': name }).end();
          return;
        }
        if (req.url === '/openapi.json') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              openapi: '3.0.3',
              info: { title: name, version: '1' },
              paths: { [`/${name}/thing`]: { get: { responses: { 200: { description: 'ok' } } } } },
            }),
          );
          return;
        }
        // Uploads (up to 100 MB) are counted, not echoed: what matters is that every byte arrived.
        if (req.url?.startsWith('/upload/')) {
          let bytes = 0;
          req.on('data', (c: Buffer) => {
            bytes += c.length;
          });
          req.on('end', () => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ service: name, method: req.method, url: req.url, bytes }));
          });
          return;
        }
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              service: name,
              method: req.method,
              url: req.url,
              headers: req.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        });
      });
      await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
      upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
      return [name, upstream] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ServiceName, Upstream>;
}

/** A JSON list page of `bytes` bytes (exactly, from 40 up): `{"items":[…]}`, the last name padding it out. */
export function jsonListOf(bytes: number): string {
  const item = (id: number, name = `Golfer ${id}`) => ({ id, name, handicap: id % 36 });
  const items: Array<ReturnType<typeof item>> = [];
  let length = JSON.stringify({ items }).length;
  for (;;) {
    const next = JSON.stringify(item(items.length + 1)).length + (items.length ? 1 : 0);
    if (length + next + 48 > bytes) break;
    items.push(item(items.length + 1));
    length += next;
  }
  const bare = JSON.stringify({ items: [...items, item(items.length + 1, '')] });
  if (bare.length > bytes) return JSON.stringify({ items });
  return JSON.stringify({ items: [...items, item(items.length + 1, 'x'.repeat(bytes - bare.length))] });
}

export function stopUpstream(upstream: Upstream): Promise<void> {
  return new Promise((resolve) => {
    upstream.server.close(() => resolve());
    upstream.server.closeAllConnections();
  });
}

/** The gateway's settings that point at the stand-ins. */
export function upstreamSettings(upstreams: Record<ServiceName, Upstream>) {
  return {
    IDENTITY_URL: upstreams.identity.url,
    PAYMENTS_URL: upstreams['membership-payments'].url,
    EVENTS_URL: upstreams['events-bookings'].url,
    VENUES_URL: upstreams['venues-coaches'].url,
    MESSAGING_URL: upstreams.messaging.url,
    ADMIN_URL: upstreams.admin.url,
  };
}
