import { createLocalVerifier, InProcessEventBus } from '@linksmate/platform';
import { createTestAuth, eventually, silentLogger } from '@linksmate/platform/testing';
import { eventRegistry } from '@linksmate/proto';
import { describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { startUpstreams, stopUpstream, upstreamSettings } from './upstreams';

describe('the gateway behind an edge', () => {
  it('when MANAGEMENT_PORT is set, then the probes and the platform health answer there and not on the public port', async () => {
    const upstreams = await startUpstreams();
    const auth = await createTestAuth();
    const bus = new InProcessEventBus({ registry: eventRegistry, logger: silentLogger() });
    const gateway = await buildGateway(
      loadGatewayConfig({
        LOG_LEVEL: 'silent',
        ...upstreamSettings(upstreams),
        JWKS_URL: auth.jwksUrl,
        WEB_DIST: '/nonexistent',
        MANAGEMENT_PORT: '9090',
      }),
      { verifier: createLocalVerifier(auth.signer.jwks()), bus },
    );
    try {
      const publicUrl = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
      expect(gateway.management, 'a management app').toBeTruthy();
      const managementUrl = await gateway.management!.listen({ port: 0, host: '127.0.0.1' });
      // What the edge routes: the API, not the probes.
      for (const path of ['/health', '/ready', '/api/v1/health', '/api/v1/health/identity'])
        expect((await fetch(`${publicUrl}${path}`)).status, `public ${path}`).toBe(404);
      expect((await fetch(`${publicUrl}/api/v1/venues`)).status).not.toBe(404);
      // What the kubelet and operators reach.
      expect((await fetch(`${managementUrl}/health`)).status).toBe(200);
      await eventually(async () => expect((await fetch(`${managementUrl}/ready`)).status).toBe(200), 10_000);
      const platform = await fetch(`${managementUrl}/api/v1/health`);
      expect((await platform.json()) as { services: Record<string, string> }).toMatchObject({
        services: { identity: expect.any(String) },
      });
      expect((await fetch(`${managementUrl}/api/v1/venues`)).status, 'no API on the management port').toBe(
        404,
      );
    } finally {
      await gateway.app.close();
      await bus.close();
      await auth.close();
      await Promise.all(Object.values(upstreams).map((u) => stopUpstream(u)));
    }
  });
});
