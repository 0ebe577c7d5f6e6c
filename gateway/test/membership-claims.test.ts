import { createLocalVerifier } from '@linksmate/platform';
import {
  createTestAuth,
  eventually,
  foreignEvent,
  type TestAuth,
  TestEventBus,
} from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../src/app';
import { type GatewayConfig, loadGatewayConfig } from '../src/config';
import { CurrentMemberships } from '../src/current-memberships';
import type { ServiceName } from '../src/routes';
import { startUpstreams, stopUpstream, type Upstream, upstreamSettings } from './upstreams';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** identity's event after its copy of a person's membership changed. */
const claimsChanged = (userId: number, status: string | null, endsAt: string | null, version: number) =>
  foreignEvent('identity.user.claims-changed', {
    user_id: userId,
    role: 'member',
    membership_status: status,
    membership_ends_at: endsAt,
    membership_version: version,
    token_version: 0,
    changed_at: new Date().toISOString(),
  });

describe('current memberships (the gate follows the membership as it is now)', () => {
  const active = { membership_status: 'active', membership_ends_at: inDays(30) };
  const none = { membership_status: null, membership_ends_at: null };

  it('when nothing is known of a person, then their token counts as it is', () => {
    const memberships = new CurrentMemberships();
    expect(memberships.isStale({ user_id: 1, role: 'member', ...none })).toBe(false);
  });

  it('when a membership was granted after the token, then the token without it is stale and one with it is not', () => {
    const memberships = new CurrentMemberships();
    memberships.observe(1, { ...active, membership_version: 1 });
    expect(memberships.isStale({ user_id: 1, role: 'member', ...none })).toBe(true);
    expect(memberships.isStale({ user_id: 1, role: 'member', ...active })).toBe(false);
  });

  it('when a membership was cancelled after the token, then the token still claiming it is stale', () => {
    const memberships = new CurrentMemberships();
    memberships.observe(1, {
      membership_status: 'canceled',
      membership_ends_at: null,
      membership_version: 2,
    });
    expect(memberships.isStale({ user_id: 1, role: 'member', ...active })).toBe(true);
  });

  it('when the gate would answer both alike (a renewal, or a coach), then the token is not stale', () => {
    const memberships = new CurrentMemberships();
    memberships.observe(1, {
      membership_status: 'active',
      membership_ends_at: inDays(400),
      membership_version: 3,
    });
    expect(memberships.isStale({ user_id: 1, role: 'member', ...active })).toBe(false);
    memberships.observe(2, { ...active, membership_version: 1 });
    expect(memberships.isStale({ user_id: 2, role: 'coach', ...none })).toBe(false);
  });

  it('when changes arrive out of order, then the highest version wins', () => {
    const memberships = new CurrentMemberships();
    memberships.observe(1, {
      membership_status: 'canceled',
      membership_ends_at: null,
      membership_version: 5,
    });
    memberships.observe(1, { ...active, membership_version: 4 });
    expect(memberships.isStale({ user_id: 1, role: 'member', ...active })).toBe(true);
    expect(memberships.isStale({ user_id: 1, role: 'member', ...none })).toBe(false);
  });

  it('when a change is older than any token can be, then it is forgotten', () => {
    let now = Date.now();
    const memberships = new CurrentMemberships(() => now);
    memberships.observe(1, { ...active, membership_version: 1 });
    now += 8 * 86_400_000;
    for (let user = 2; user <= 1_001; user++) memberships.observe(user, { ...active, membership_version: 1 });
    expect(memberships.isStale({ user_id: 1, role: 'member', ...none })).toBe(false);
    expect(memberships.size).toBe(1_000);
  });
});

describe('gateway membership claims', () => {
  let upstreams: Record<ServiceName, Upstream>;
  let auth: TestAuth;
  let bus: TestEventBus;
  let gateway: Gateway;
  let base: string;
  let config: GatewayConfig;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    // identity granted user 61 a membership before this gateway started.
    upstreams.identity.membershipClaims.memberships = [
      { user_id: 61, membership_status: 'active', membership_ends_at: inDays(365), membership_version: 1 },
    ];
    auth = await createTestAuth();
    bus = new TestEventBus();
    await bus.start();
    config = loadGatewayConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...upstreamSettings(upstreams),
      JWKS_URL: auth.jwksUrl,
      RATE_LIMIT_MAX: '1000',
      WEB_DIST: '/nonexistent',
    });
    gateway = await buildGateway(config, { bus, verifier: createLocalVerifier(auth.signer.jwks()) });
    base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    await eventually(async () => expect((await fetch(`${base}/ready`)).status).toBe(200));
  });

  afterAll(async () => {
    await gateway?.app.close();
    await bus?.close();
    await auth?.close();
    await Promise.all(Object.values(upstreams ?? {}).map((u) => stopUpstream(u).catch(() => {})));
  });

  const call = async (path: string, token: string, method = 'GET') => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { code?: string; error?: string } };
  };

  it("when identity's snapshot says a membership was granted, then a token from before it is refused as claims_stale, but may still be refreshed", async () => {
    const before = await auth.tokenFor(61, 'member');
    const refused = await call('/discovery/members', before);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: 'Your membership has changed. Please refresh your session.',
      code: 'claims_stale',
    });
    // /auth/refresh takes the old token to the service that signs the current claims.
    expect((await call('/auth/refresh', before, 'POST')).status).toBe(200);
    const after = await auth.tokenFor(61, 'member', {
      membership_status: 'active',
      membership_ends_at: inDays(365),
    });
    expect((await call('/discovery/members', after)).status).toBe(200);
  });

  it('when identity publishes a grant and then a cancellation, then the same old token is refused each time until refreshed', async () => {
    const plain = await auth.tokenFor(62, 'member');
    expect((await call('/profile', plain)).status).toBe(200);
    await bus.publish([claimsChanged(62, 'active', inDays(30), 1)]);
    await eventually(async () => expect((await call('/profile', plain)).body.code).toBe('claims_stale'));
    const member = await auth.tokenFor(62, 'member', {
      membership_status: 'active',
      membership_ends_at: inDays(30),
    });
    expect((await call('/discovery/members', member)).status).toBe(200);

    await bus.publish([claimsChanged(62, 'canceled', inDays(30), 2)]);
    await eventually(async () => expect((await call('/profile', member)).body.code).toBe('claims_stale'));
    // The token identity signs now (cancelled) passes the gateway; the service's own gate reads it.
    const cancelled = await auth.tokenFor(62, 'member', {
      membership_status: 'canceled',
      membership_ends_at: inDays(30),
    });
    expect((await call('/discovery/members', cancelled)).status).toBe(200);
    // A token from before the grant gets the gate's answer the cancelled membership gets: it counts.
    expect((await call('/profile', plain)).status).toBe(200);
  });

  it('when a role change announces claims without a membership version, then nothing changes for the gate', async () => {
    const token = await auth.tokenFor(63, 'member');
    const event = claimsChanged(63, 'active', null, 1);
    delete (event.data as Record<string, unknown>).membership_version;
    await bus.publish([event, claimsChanged(64, 'active', null, 1)]);
    await eventually(async () =>
      expect(
        gateway.memberships.isStale({
          user_id: 64,
          role: 'member',
          membership_status: null,
          membership_ends_at: null,
        }),
      ).toBe(true),
    );
    expect((await call('/profile', token)).status).toBe(200);
  });
});
