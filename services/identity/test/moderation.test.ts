import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityUnderTest, SERVICE_TOKEN, startIdentity } from './fixtures';

describe("identity: the admin service's commands on accounts (/internal/users/*)", () => {
  let identity: IdentityUnderTest;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    identity = await startIdentity();
    admin = await identity.verifiedUser('head_admin', 'head.admin@example.com');
    await identity.setUser(admin.id, { role: 'admin' });
  });

  afterAll(() => identity?.close());

  const asService = { 'x-service-token': SERVICE_TOKEN };
  const command = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) =>
    identity.app.inject({ method, url, payload: { actor_user_id: admin.id, ...body }, headers: asService });
  const tokenVersions = async () =>
    new Map(
      (
        (
          await identity.app.inject({ method: 'GET', url: '/internal/token-versions', headers: asService })
        ).json().versions as Array<{ user_id: number; token_version: number }>
      ).map((v) => [v.user_id, v.token_version]),
    );

  it('when a person is banned with a reason, then they cannot log in, their token version moves on and the ban is published with the reason', async () => {
    const golfer = await identity.verifiedUser('banned_bob', 'banned.bob@example.com');
    const res = await command('POST', `/internal/users/${golfer.id}/ban`, { reason: '  Abusive messages ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: golfer.id, banned: true, ban_reason: 'Abusive messages' });
    expect((await identity.login('banned.bob@example.com')).statusCode).toBe(403);
    expect((await tokenVersions()).get(golfer.id)).toBe(1);
    const banned = (await identity.published('identity.user.banned')).at(-1)!;
    expect(banned.data).toMatchObject({
      user_id: golfer.id,
      banned: true,
      reason: 'Abusive messages',
      token_version: 1,
    });
    expect(banned.actor).toMatchObject({ user_id: admin.id });

    // Banning again changes nothing and publishes nothing.
    await command('POST', `/internal/users/${golfer.id}/ban`, { reason: null });
    expect(await identity.published('identity.user.banned')).toHaveLength(1);

    const unbanned = await command('POST', `/internal/users/${golfer.id}/unban`, {});
    expect(unbanned.json()).toMatchObject({ banned: false, ban_reason: null });
    expect((await identity.login('banned.bob@example.com')).statusCode).toBe(200);
    expect((await identity.published('identity.user.unbanned')).at(-1)!.data).toMatchObject({
      user_id: golfer.id,
    });
  });

  it('when an admin acts on their own account, then identity refuses with 409 and nothing changes', async () => {
    for (const [method, url, body] of [
      ['POST', `/internal/users/${admin.id}/ban`, { reason: null }],
      ['PUT', `/internal/users/${admin.id}/role`, { role: 'member' }],
      ['POST', `/internal/users/${admin.id}/delete`, {}],
    ] as const) {
      const res = await command(method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'You cannot do this to your own account.',
        code: 'not_yourself',
      });
    }
    expect((await identity.login('head.admin@example.com')).statusCode).toBe(200);
  });

  it('when the last admin would be demoted, banned or deleted by a site admin, then identity refuses; with a second admin it is allowed', async () => {
    const siteAdmin = await identity.verifiedUser('site_sue', 'site.sue@example.com');
    await identity.setUser(siteAdmin.id, { role: 'site_admin' });
    const asSiteAdmin = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) =>
      identity.app.inject({
        method,
        url,
        payload: { ...body, actor_user_id: siteAdmin.id },
        headers: asService,
      });
    for (const [method, url, body] of [
      ['POST', `/internal/users/${admin.id}/ban`, { reason: null }],
      ['PUT', `/internal/users/${admin.id}/role`, { role: 'site_admin' }],
      ['POST', `/internal/users/${admin.id}/delete`, {}],
    ] as const) {
      const res = await asSiteAdmin(method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('The platform must keep at least one admin.');
    }
    const second = await identity.verifiedUser('second_admin', 'second.admin@example.com');
    await identity.setUser(second.id, { role: 'admin' });
    const demoted = await asSiteAdmin('PUT', `/internal/users/${second.id}/role`, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('member');
  });

  it('when the admin service names the actor’s role, then identity applies the rule of role changes to the role held now: a site admin neither gives nor takes the admin roles', async () => {
    const siteAdmin = await identity.verifiedUser('site_sid', 'site.sid@example.com');
    await identity.setUser(siteAdmin.id, { role: 'site_admin' });
    const other = await identity.verifiedUser('other_admin', 'other.admin@example.com');
    await identity.setUser(other.id, { role: 'admin' });
    const coach = await identity.verifiedUser('coaching_cody', 'coaching.cody@example.com');
    await identity.setUser(coach.id, { role: 'coach' });
    const asSiteAdmin = (userId: number, role: string) =>
      identity.app.inject({
        method: 'PUT',
        url: `/internal/users/${userId}/role`,
        payload: { actor_user_id: siteAdmin.id, actor_role: 'site_admin', role },
        headers: asService,
      });
    for (const [userId, role] of [
      [other.id, 'member'],
      [coach.id, 'site_admin'],
    ] as const) {
      const res = await asSiteAdmin(userId, role);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'Only an admin can give or take the admin role.',
        code: 'admin_role_reserved',
      });
    }
    const allowed = await asSiteAdmin(coach.id, 'coach_admin');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().role).toBe('coach_admin');
    // Without the actor's role (an older caller), only identity's own rules apply.
    const demoted = await identity.app.inject({
      method: 'PUT',
      url: `/internal/users/${other.id}/role`,
      payload: { actor_user_id: siteAdmin.id, role: 'member' },
      headers: asService,
    });
    expect(demoted.json().role).toBe('member');
  });

  it('when a member is promoted, then their session goes on and claims-changed tells them; when demoted, their tokens stop counting', async () => {
    const golfer = await identity.verifiedUser('promoted_pat', 'promoted.pat@example.com');
    const promoted = await command('PUT', `/internal/users/${golfer.id}/role`, { role: 'coach' });
    expect(promoted.json()).toMatchObject({ role: 'coach' });
    expect((await tokenVersions()).get(golfer.id)).toBeUndefined();
    expect((await identity.published('identity.user.claims-changed')).at(-1)!.data).toMatchObject({
      user_id: golfer.id,
      role: 'coach',
      token_version: 0,
    });
    const refreshed = await identity.refresh(golfer.refresh);
    expect(refreshed.statusCode).toBe(200);
    expect((await (await identity.verifier()).verify(refreshed.json().token)).role).toBe('coach');

    await command('PUT', `/internal/users/${golfer.id}/role`, { role: 'member' });
    expect((await tokenVersions()).get(golfer.id)).toBe(1);
    expect((await identity.published('identity.user.role-changed')).at(-1)!.data).toMatchObject({
      role: 'member',
      previous_role: 'coach',
      token_version: 1,
    });
  });

  it('when an approved claim grants a role, then a member gets it with claims-changed and anyone with a role of their own keeps theirs', async () => {
    const golfer = await identity.verifiedUser('claiming_cat', 'claiming.cat@example.com');
    const granted = await command('POST', `/internal/users/${golfer.id}/grant-role`, { role: 'coach' });
    expect(granted.json()).toMatchObject({ role: 'coach' });
    expect((await identity.published('identity.user.claims-changed')).at(-1)!.data).toMatchObject({
      user_id: golfer.id,
      role: 'coach',
    });
    const kept = await command('POST', `/internal/users/${admin.id}/grant-role`, { role: 'facility_admin' });
    expect(kept.json()).toMatchObject({ role: 'admin' });
  });

  it('when a person is deleted, then the row is gone, deletion is published and their tokens stay refused after a restart', async () => {
    const golfer = await identity.verifiedUser('gone_gary', 'gone.gary@example.com');
    const res = await command('POST', `/internal/users/${golfer.id}/delete`, {});
    expect(res.json()).toEqual({ deleted: true });
    expect((await identity.login('gone.gary@example.com')).statusCode).toBe(401);
    expect((await identity.published('identity.user.deleted')).at(-1)!.data).toMatchObject({
      user_id: golfer.id,
      token_version: 1,
    });
    // What a gateway loads at start: the deleted account's tokens are still refused.
    expect((await tokenVersions()).get(golfer.id)).toBe(1);
    expect((await command('POST', `/internal/users/${golfer.id}/delete`, {})).statusCode).toBe(404);
  });

  it('when an admin sends a person an e-mail or a password reset, then the mails are requested to their address', async () => {
    const golfer = await identity.verifiedUser('mailed_mia', 'mailed.mia@example.com');
    const mailed = await command('POST', `/internal/users/${golfer.id}/email`, {
      subject: 'Your tee time',
      message: 'See you at 7.\n\nBring a hat.',
    });
    expect(mailed.statusCode).toBe(200);
    const [mail] = await identity.mailRequests('mailed.mia@example.com', 'admin-message');
    expect(mail!.data).toMatchObject({
      variables: { subject: 'Your tee time', message: 'See you at 7.\n\nBring a hat.' },
    });
    expect((await command('POST', `/internal/users/${golfer.id}/password-reset`, {})).statusCode).toBe(200);
    expect(await identity.mailRequests('mailed.mia@example.com', 'reset-password')).toHaveLength(1);
  });

  it('when a command names nobody or comes without the service token, then it is refused', async () => {
    expect((await command('POST', '/internal/users/999999/unban', {})).statusCode).toBe(404);
    const anonymous = await identity.app.inject({
      method: 'POST',
      url: `/internal/users/${admin.id}/unban`,
      payload: { actor_user_id: admin.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
