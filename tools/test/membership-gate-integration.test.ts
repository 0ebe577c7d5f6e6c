import { randomUUID } from 'node:crypto';
import { eventually } from '@linksmate/platform/testing';
import { describe, expect, it } from 'vitest';
import { adminStackForSuite } from './fixtures/admin-stack';
import { sessionCookie } from './fixtures/identity-on-bus';

const SERVICE_TOKEN = 'membership-gate-integration-service-token';

/**
 * The membership gate follows the membership as it is now, for a session that logged in before
 * the change: admin → payments → RabbitMQ → identity → RabbitMQ → gateway.
 */
describe('membership gate over RabbitMQ: a grant and a lapse reach a session without a new login', () => {
  const stack = adminStackForSuite(SERVICE_TOKEN, 'gate_admin');

  /** A verified account the admin directory lists, logged in once through the gateway. */
  const session = (username: string, role = 'member') => stack.account(username, role);

  const raw = async (token: string, path: string) => {
    const res = await fetch(`${stack.base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: body.code };
  };

  /**
   * A call as the web app makes it: told its claims are stale, it refreshes its token with the
   * session cookie (no login; the refresh takes only the cookie, and hands a new one back) and asks
   * once more.
   */
  async function asSession(person: { token: string; cookie: string }, path: string) {
    const first = await raw(person.token, path);
    if (first.code !== 'claims_stale') return first.status;
    const refreshed = await fetch(`${stack.base}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: person.cookie },
    });
    expect(refreshed.status).toBe(200);
    person.cookie = sessionCookie(refreshed);
    person.token = ((await refreshed.json()) as { token: string }).token;
    return (await raw(person.token, path)).status;
  }

  it('when an admin grants a membership to a logged-in member, then the gated call of the same session passes without a new login; when it lapses, then 402 again', async () => {
    const golfer = await session('gate_golfer');
    const before = golfer.token;
    expect(await asSession(golfer, '/discovery/members')).toBe(402);

    const granted = await fetch(`${stack.base}/api/v1/admin/users/bulk-grant-membership`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: [golfer.id], membership_type: 'annual' }),
    });
    expect(granted.status).toBe(200);

    // The token from before the grant is refused as stale wherever it goes: the gateway heard it.
    await eventually(async () => expect((await raw(before, '/profile')).code).toBe('claims_stale'), 15_000);
    expect(await asSession(golfer, '/discovery/members')).toBe(200);
    expect(golfer.token).not.toBe(before);

    // payments ends the membership (as a cancellation or an expiry reports it).
    const { rows } = await stack.services.query(
      'membership-payments',
      'select version from memberships where user_id = $1',
      [golfer.id],
    );
    const version = Number(rows[0]!.version);
    const bus = await stack.services.connectedBus('payments-lapse');
    const now = new Date().toISOString();
    await bus.publish([
      {
        id: randomUUID(),
        type: 'payments.membership.changed',
        version: 1,
        occurredAt: now,
        source: 'membership-payments',
        correlationId: randomUUID(),
        data: {
          user_id: golfer.id,
          membership: {
            type: 'annual',
            status: 'canceled',
            plan_id: 'annual',
            trial_ends_at: null,
            current_period_ends_at: now,
            ends_at: now,
            cancel_at_period_end: false,
            source: 'grant',
            provider_subscription_id: null,
            provider_customer_id: null,
          },
          changed_at: now,
          version: version + 1,
        },
      },
    ]);
    const granting = golfer.token;
    await eventually(async () => expect((await raw(granting, '/profile')).code).toBe('claims_stale'), 15_000);
    expect(await asSession(golfer, '/discovery/members')).toBe(402);
    // The token from before the grant gets the same answer as the membership now: it counts again.
    expect((await raw(before, '/discovery/members')).status).toBe(402);
  });
});
