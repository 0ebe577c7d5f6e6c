import { createLocalVerifier } from '@linksmate/platform';
import { eventually } from '@linksmate/platform/testing';
import { describe, expect, it } from 'vitest';
import { adminStackForSuite } from './fixtures/admin-stack';

const SERVICE_TOKEN = 'admin-integration-service-token';

describe('admin actions over RabbitMQ: admin → identity / payments → gateway', () => {
  const stack = adminStackForSuite(SERVICE_TOKEN, 'head_admin');

  const login = (username: string) => stack.login(username);
  const account = (username: string) => stack.account(username);

  const asAdmin = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.base}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${stack.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const profileWith = (token: string) =>
    fetch(`${stack.base}/api/v1/profile`, { headers: { authorization: `Bearer ${token}` } });

  it('when an admin bans a person, then their next request with the old token gets 401 through the gateway, and unbanning lets them log in again', async () => {
    const golfer = await account('banned_golfer');
    expect((await profileWith(golfer.token)).status).toBe(200);
    const banned = await asAdmin('POST', `/admin/users/${golfer.id}/ban`, { reason: 'Harassment' });
    expect(banned.status).toBe(200);
    expect(((await banned.json()) as { user: { banned: boolean } }).user.banned).toBe(true);
    // The gateway hears identity's ban on the bus: the old token stops counting.
    await eventually(async () => expect((await profileWith(golfer.token)).status).toBe(401), 15_000);
    const refused = await login('banned_golfer');
    expect(refused.status).toBe(403);

    expect((await asAdmin('POST', `/admin/users/${golfer.id}/unban`)).status).toBe(200);
    const again = await login('banned_golfer');
    expect(again.status).toBe(200);
    const fresh = ((await again.json()) as { token: string }).token;
    expect((await profileWith(fresh)).status).toBe(200);
  });

  it('when an admin grants a membership, then the person’s next token carries it and the list shows it', async () => {
    const golfer = await account('granted_golfer');
    const granted = await asAdmin('POST', `/admin/users/${golfer.id}/grant-membership`, {
      membership_type: 'annual',
    });
    expect(granted.status).toBe(200);
    const jwks = (await stack.identity.app.inject('/.well-known/jwks.json')).json();
    await eventually(async () => {
      const token = ((await (await login('granted_golfer')).json()) as { token: string }).token;
      const claims = await createLocalVerifier(jwks).verify(token);
      expect(claims.membership_status).toBe('active');
      expect(Date.parse(claims.membership_ends_at!)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    }, 15_000);
    const listed = (await (await asAdmin('GET', '/admin/users?search=granted_golfer')).json()) as {
      users: Array<{ membership_type: string }>;
    };
    expect(listed.users[0]!.membership_type).toBe('premium');
  });

  it('when an admin deletes a person, then their token stops working, they leave the list, and the export streams through the gateway', async () => {
    const golfer = await account('deleted_golfer');
    expect((await asAdmin('DELETE', `/admin/users/${golfer.id}`)).status).toBe(200);
    await eventually(async () => expect((await profileWith(golfer.token)).status).toBe(401), 15_000);
    expect((await login('deleted_golfer')).status).toBe(401);
    const csv = await asAdmin('GET', '/admin/users/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/users-export-\d{4}-\d{2}-\d{2}\.csv/);
    const body = await csv.text();
    expect(body).toContain('head_admin@example.com');
    expect(body).not.toContain('deleted_golfer@example.com');
  });

  it('when the only admin tries to demote themselves, then the gateway answers 409 and they stay admin', async () => {
    const me = (await (await asAdmin('GET', '/admin/users?search=head_admin')).json()) as {
      users: Array<{ id: number }>;
    };
    const res = await asAdmin('PUT', `/admin/users/${me.users[0]!.id}/role`, { role: 'user' });
    expect(res.status).toBe(409);
    expect((await asAdmin('GET', '/admin/users')).status).toBe(200);
  });
});
