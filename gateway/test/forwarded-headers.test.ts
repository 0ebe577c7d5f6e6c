import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createLocalVerifier } from '@linksmate/platform';
import { createTestAuth, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

/** What the stand-in service saw of a request. */
interface Echo {
  headers: IncomingHttpHeaders;
}

/** A GET with exactly these headers (fetch refuses to send hop-by-hop ones); status and the echo. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Echo }>((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()) as Echo,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway: headers across the proxy', () => {
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    gateway = await buildGateway(
      loadGatewayConfig({
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        ...upstreamSettings(upstreams),
        JWKS_URL: auth.jwksUrl,
        WEB_DIST: '/nonexistent',
      }),
      { bus, verifier: createLocalVerifier(auth.signer.jwks()) },
    );
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.app.close();
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  it('when a client sends hop-by-hop headers, or names its own in Connection, then they stop at the gateway and the rest go on', async () => {
    const res = await rawGet(`${base}/api/v1/profile/12`, {
      connection: 'keep-alive, X-Trace-Hop',
      'keep-alive': 'timeout=5',
      'x-trace-hop': 'only to the gateway',
      'proxy-connection': 'keep-alive',
      te: 'trailers',
      'x-client-note': 'for the service',
    });
    expect(res.status).toBe(200);
    const forwarded = res.body.headers;
    expect(forwarded['x-trace-hop']).toBeUndefined();
    expect(forwarded['keep-alive']).toBeUndefined();
    expect(forwarded['proxy-connection']).toBeUndefined();
    expect(forwarded.te).toBeUndefined();
    expect(forwarded['x-client-note']).toBe('for the service');
    expect(forwarded.host).toBe(new URL(upstreams.identity.url).host);
  });
});
