import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityUnderTest, SERVICE_TOKEN, startIdentity } from './fixtures';

describe('identity: profiles, golfers and memberships', () => {
  let identity: IdentityUnderTest;
  let me: { id: number; token: string; refresh: string };
  let other: { id: number; token: string };

  beforeAll(async () => {
    identity = await startIdentity();
    me = await identity.verifiedUser('profile_me', 'me@example.com');
    other = await identity.verifiedUser('profile_other', 'other@example.com');
    await identity.setUser(other.id, {
      firstName: 'Grace',
      lastName: 'Lee',
      skillLevel: 'advanced',
      manualHandicap: 7.4,
    });
  });

  afterAll(() => identity?.close());

  it('when no token is sent, then the profile is refused with 401', async () => {
    expect((await identity.get('/profile')).statusCode).toBe(401);
    expect((await identity.get(`/profile/${other.id}`)).statusCode).toBe(401);
  });

  it("when one asks for one's own profile, then {user, membership} with the e-mail and a null membership", async () => {
    const res = await identity.get('/profile', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({
        id: me.id,
        username: 'profile_me',
        email: 'me@example.com',
        role: 'member',
        is_profile_visible: true,
        availability_status: 'Available',
        blocked_user_ids: [],
      }),
      membership: null,
    });
  });

  it("when one asks for another's profile, then it comes without their e-mail", async () => {
    const res = await identity.get(`/profile/${other.id}`, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: other.id,
      first_name: 'Grace',
      manual_handicap: 7.4,
      skill_level: 'advanced',
    });
    expect(res.json().user.email).toBeUndefined();
  });

  it('when a profile is hidden, then others get 404 and an admin still sees it', async () => {
    const hidden = await identity.verifiedUser('hidden_one', 'hidden@example.com');
    await identity.setUser(hidden.id, { isProfileVisible: false });
    expect((await identity.get(`/profile/${hidden.id}`, me.token)).statusCode).toBe(404);
    const admin = await identity.verifiedUser('an_admin', 'admin@example.com');
    await identity.setUser(admin.id, { role: 'admin' });
    const adminToken = (await identity.login('admin@example.com')).json().token;
    expect((await identity.get(`/profile/${hidden.id}`, adminToken)).statusCode).toBe(200);
  });

  it('when golfers are listed, then only verified, visible, active others come, paged', async () => {
    await identity.register('not_verified', 'nv@example.com');
    const page1 = await identity.get('/golfers?page=1&limit=2', me.token);
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.users).toHaveLength(2);
    expect(body.limit).toBe(2);
    const all = (await identity.get('/golfers?page=1&limit=50', me.token))
      .json()
      .users.map((u: { username: string }) => u.username);
    expect(all).toContain('profile_other');
    expect(all).not.toContain('profile_me');
    expect(all).not.toContain('not_verified');
    expect(all).not.toContain('hidden_one');
    expect(all.length).toBe(body.total);
    // Complete profiles come first.
    expect(all[0]).toBe('profile_other');
  });

  it('when golfers are listed without a token, then 401', async () => {
    expect((await identity.get('/golfers?page=1&limit=4')).statusCode).toBe(401);
  });

  it('when payments reports a membership, then the profile shows it, the next token carries its claims and claims-changed says so; an older report changes nothing', async () => {
    const trialEnds = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const membership = {
      type: 'annual' as const,
      status: 'trialing' as const,
      plan_id: 'annual',
      trial_ends_at: trialEnds,
      current_period_ends_at: trialEnds,
      ends_at: null,
      cancel_at_period_end: false,
      source: 'purchase' as const,
      provider_subscription_id: 'sub_123',
      provider_customer_id: 'cus_123',
    };
    const changed = (version: number, status: 'trialing' | 'canceled') => ({
      id: randomUUID(),
      type: 'payments.membership.changed',
      version: 1,
      occurredAt: new Date().toISOString(),
      source: 'membership-payments',
      correlationId: randomUUID(),
      data: {
        user_id: me.id,
        membership: { ...membership, status },
        changed_at: new Date().toISOString(),
        version,
      },
    });
    await identity.bus.publish([changed(2, 'trialing')]);
    await identity.waitFor(async () => {
      expect((await identity.get('/profile', me.token)).json().membership).toMatchObject({
        type: 'annual',
        status: 'trialing',
      });
    });
    await identity.bus.publish([changed(1, 'canceled')]);
    await new Promise((r) => setTimeout(r, 200));
    expect((await identity.get('/profile', me.token)).json().membership.status).toBe('trialing');
    const token = (await identity.login('me@example.com')).json().token;
    const claims = await (await identity.verifier()).verify(token);
    expect(claims.membership_status).toBe('trialing');
    expect(claims.membership_ends_at).toBe(trialEnds);
    // Said once, for the change that was applied, with the claims a token now carries.
    const said = (await identity.published('identity.user.claims-changed')).filter(
      (e) => (e.data as { user_id: number }).user_id === me.id,
    );
    expect(said.map((e) => e.data)).toEqual([
      expect.objectContaining({
        role: 'member',
        membership_status: 'trialing',
        membership_ends_at: trialEnds,
        membership_version: 2,
        token_version: 0,
      }),
    ]);
  });

  it('when the gateway asks for the memberships taken within a token’s life, then only with the service token, each with its claims and version', async () => {
    const ask = (headers: Record<string, string> = {}) =>
      identity.app.inject({ url: '/internal/membership-claims', headers });
    expect((await ask()).statusCode).toBe(401);
    const res = await ask({ 'x-service-token': SERVICE_TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.json().memberships).toContainEqual({
      user_id: me.id,
      membership_status: 'trialing',
      membership_ends_at: expect.any(String),
      membership_version: 2,
    });
    // A change older than any token (8 hours by default) leaves nothing a token could still claim.
    identity.clock.advance(8 * 3600_000 + 120_000);
    try {
      const later = await ask({ 'x-service-token': SERVICE_TOKEN });
      expect(later.json().memberships).toEqual([]);
    } finally {
      identity.clock.reset();
    }
  });

  it('when a token is refreshed, then it carries the current claims', async () => {
    const res = await identity.refresh(me.refresh);
    expect(res.statusCode).toBe(200);
    const claims = await (await identity.verifier()).verify(res.json().token);
    expect(claims.membership_status).toBe('trialing');
  });

  it('when the gateway asks for token versions, then only with the service token', async () => {
    expect((await identity.get('/internal/token-versions')).statusCode).toBe(401);
    await identity.setUser(other.id, { tokenVersion: 3 });
    const res = await identity.app.inject({
      url: '/internal/token-versions',
      headers: { 'x-service-token': SERVICE_TOKEN },
    });
    expect(res.json().versions).toContainEqual({ user_id: other.id, token_version: 3 });
  });

  it('when an id or a page is beyond its column, then 400 on that field, not a 500', async () => {
    for (const [url, field] of [
      ['/profile/99999999999999999999', 'id'],
      ['/profile/1e999', 'id'],
      ['/golfers?page=99999999999999999999', 'page'],
      ['/golfers?limit=Infinity', 'limit'],
    ] as const) {
      const res = await identity.get(url, me.token);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors), url).toEqual([field]);
    }
  });
});
