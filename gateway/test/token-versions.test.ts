import { createLocalVerifier } from '@linksmate/platform';
import { createTestAuth, eventually, TcpProxy, testAmqpUrl } from '@linksmate/platform/testing';
import { describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { startUpstreams, stopUpstream, upstreamSettings } from './upstreams';

describe('gateway token versions and memberships over RabbitMQ', () => {
  it('when its broker connection drops and comes back, then it reloads identity’s snapshots, so a revocation or a membership change it missed meanwhile counts', async () => {
    const upstreams = await startUpstreams();
    const auth = await createTestAuth();
    const broker = new URL(testAmqpUrl());
    const proxy = new TcpProxy(broker.hostname, Number(broker.port || 5672));
    const proxied = new URL(broker);
    proxied.port = String(await proxy.start());
    const gateway = await buildGateway(
      loadGatewayConfig({
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        AMQP_URL: proxied.toString(),
        ...upstreamSettings(upstreams),
        JWKS_URL: auth.jwksUrl,
        WEB_DIST: '/nonexistent',
      }),
      { verifier: createLocalVerifier(auth.signer.jwks()) },
    );
    try {
      const base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
      const token = await auth.tokenFor(55, 'member', { ver: 1 });
      const profile = async () =>
        (await fetch(`${base}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } })).status;
      await eventually(async () => expect((await fetch(`${base}/ready`)).status).toBe(200), 10_000);
      expect(await profile()).toBe(200);

      proxy.cut();
      const busState = async () =>
        ((await (await fetch(`${base}/health`)).json()) as { details: { bus: string } }).details.bus;
      await eventually(async () => expect(await busState()).toBe('disconnected'), 10_000);
      // The broker's outage is told in /health; the gateway stays in service and keeps answering.
      expect((await fetch(`${base}/ready`)).status).toBe(200);
      expect(await profile()).toBe(200);
      // Identity bans user 55 while this replica hears nothing: the event never reaches it.
      upstreams.identity.tokenVersions.versions = [{ user_id: 55, token_version: 2 }];
      // Nor does user 56's new membership: the token from before it must stop counting too.
      const member = await auth.tokenFor(56, 'member', { ver: 0 });
      upstreams.identity.membershipClaims.memberships = [
        { user_id: 56, membership_status: 'active', membership_ends_at: null, membership_version: 1 },
      ];
      proxy.restore();

      await eventually(async () => expect(await profile()).toBe(401), 15_000);
      await eventually(async () => {
        const res = await fetch(`${base}/api/v1/profile`, { headers: { authorization: `Bearer ${member}` } });
        expect(((await res.json()) as { code?: string }).code).toBe('claims_stale');
      }, 15_000);
      expect((await fetch(`${base}/ready`)).status).toBe(200);
      expect(await busState()).toBe('connected');
    } finally {
      await gateway.app.close();
      await proxy.stop();
      await auth.close();
      await Promise.all(Object.values(upstreams).map((u) => stopUpstream(u)));
    }
  });
});
