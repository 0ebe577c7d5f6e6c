import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalVerifier } from '@linksmate/platform';
import { createTestAuth, type TestAuth, TestEventBus } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

const MAILBOX = {
  messages: [{ id: 'm1', to: 'ava@example.com', subject: 'Hi', sent_at: '', text: '', links: [] }],
};

describe('gateway: the development mailbox', () => {
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let catcher: Server;
  const seenByCatcher: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];
  const gateways: Gateway[] = [];

  /** A gateway on a port, with or without the mailbox upstream. */
  const startGateway = async (env: Record<string, string>) => {
    const gateway = await buildGateway(
      loadGatewayConfig({
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        ...upstreamSettings(upstreams),
        JWKS_URL: auth.jwksUrl,
        WEB_DIST: '/nonexistent',
        ...env,
      }),
      { bus, verifier: createLocalVerifier(auth.signer.jwks()) },
    );
    gateways.push(gateway);
    return gateway.app.listen({ port: 0, host: '127.0.0.1' });
  };

  beforeAll(async () => {
    upstreams = await startUpstreams();
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    // Stands in for the mail catcher's HTTP side: records what reached it.
    catcher = createServer((req, res) => {
      seenByCatcher.push({ url: req.url, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(MAILBOX));
    });
    await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.app.close();
    await bus?.close();
    await auth?.close();
    await new Promise((resolve) => catcher?.close(resolve));
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  it('when DEV_MAILBOX_URL is set, then /api/v1/dev/mailbox and /v1/dev/mailbox are forwarded to it', async () => {
    const catcherUrl = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}`;
    const base = await startGateway({ DEV_MAILBOX_URL: catcherUrl });
    for (const path of ['/api/v1/dev/mailbox', '/v1/dev/mailbox?since=1']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual(MAILBOX);
    }
    expect(seenByCatcher.map((r) => r.url)).toEqual(['/dev/mailbox', '/dev/mailbox?since=1']);
    expect(seenByCatcher[0]!.headers['x-request-id']).toBeTruthy();
  });

  it('when DEV_MAILBOX_URL is not set, then /api/v1/dev/mailbox is a JSON 404, as any unknown API path', async () => {
    const before = seenByCatcher.length;
    const base = await startGateway({});
    for (const path of ['/api/v1/dev/mailbox', '/v1/dev/mailbox']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    }
    expect(seenByCatcher).toHaveLength(before);
  });
});
