import { randomUUID } from 'node:crypto';
import { createLocalVerifier } from '@linksmate/platform';
import { eventually } from '@linksmate/platform/testing';
import type { MembershipSnapshot, SocketPayload, Static } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  type IdentityOnBus,
  PASSWORD,
  sessionCookie,
  startIdentity,
} from './fixtures/identity-on-bus';
import { RabbitServices } from './fixtures/rabbit-services';
import { TestSockets } from './fixtures/sockets';

const SERVICE_TOKEN = 'claims-integration-service-token';

/** payments' report of a person's membership, as it publishes it. */
const membershipChanged = (
  userId: number,
  membership: Static<typeof MembershipSnapshot>,
  version: number,
) => ({
  id: randomUUID(),
  type: 'payments.membership.changed',
  version: 1,
  occurredAt: new Date().toISOString(),
  source: 'membership-payments',
  correlationId: randomUUID(),
  data: { user_id: userId, membership, changed_at: new Date().toISOString(), version },
});

describe('membership claims over RabbitMQ: payments → identity → gateway → socket', () => {
  const services = new RabbitServices();
  let identity: IdentityOnBus;
  const sockets = new TestSockets();
  let base: string;

  beforeAll(async () => {
    identity = await startIdentity(services, SERVICE_TOKEN);
    ({ base } = await services.gateway('gateway', identity.env));
  });

  afterAll(async () => {
    sockets.close();
    await services.close();
  });

  async function member(username: string) {
    const { id, email } = await createAccount(identity, username);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return {
      id,
      token: ((await login.json()) as { token: string }).token,
      cookie: sessionCookie(login),
    };
  }

  const connect = (token: string) => sockets.connect(base, token);

  /** A refresh as the browser does it: with the session cookie, which it then replaces. */
  async function refreshedClaims(who: { cookie: string }) {
    const res = await fetch(`${base}/api/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: who.cookie },
    });
    expect(res.status).toBe(200);
    who.cookie = sessionCookie(res);
    const jwks = (await identity.app.inject('/.well-known/jwks.json')).json();
    return createLocalVerifier(jwks).verify(((await res.json()) as { token: string }).token);
  }

  it('when payments reports a membership change, then the socket hears claims:changed only once a refreshed token carries the new claims', async () => {
    const me = await member('claims_listener');
    const { id, token } = me;
    const socket = await connect(token);
    const payments = await services.connectedBus('payments');
    const end = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const snapshot = (status: 'trialing' | 'active' | 'canceled'): Static<typeof MembershipSnapshot> => ({
      type: 'annual',
      status,
      plan_id: 'annual',
      trial_ends_at: end,
      current_period_ends_at: end,
      ends_at: status === 'canceled' ? end : null,
      cancel_at_period_end: false,
      source: 'purchase',
      provider_subscription_id: 'sub_claims',
      provider_customer_id: 'cus_claims',
    });

    // Each change in turn: the token asked for on hearing the push must already say it.
    for (const [version, status] of [
      [1, 'trialing'],
      [2, 'active'],
      [3, 'canceled'],
    ] as const) {
      const heard = new Promise<{ payload: SocketPayload<'claims:changed'>; claims: unknown }>((resolve) =>
        socket.once('claims:changed', async (payload) =>
          resolve({ payload, claims: await refreshedClaims(me) }),
        ),
      );
      await payments.publish([membershipChanged(id, snapshot(status), version)]);
      const { payload, claims } = await heard;
      expect(payload).toMatchObject({ user_id: id, membership_status: status });
      expect(claims).toMatchObject({ user_id: id, membership_status: status });
    }
    socket.close();
  });

  it("when another person's membership changes, then this socket hears nothing", async () => {
    const listener = await member('claims_bystander');
    const other = await member('claims_other');
    const socket = await connect(listener.token);
    const heard: unknown[] = [];
    socket.on('claims:changed', (payload) => heard.push(payload));
    const payments = await services.connectedBus('payments-2');
    await payments.publish([
      membershipChanged(
        other.id,
        {
          type: 'monthly',
          status: 'active',
          plan_id: 'monthly',
          trial_ends_at: null,
          current_period_ends_at: null,
          ends_at: null,
          cancel_at_period_end: false,
          source: 'grant',
          provider_subscription_id: null,
          provider_customer_id: null,
        },
        1,
      ),
    ]);
    // The other person's own token shows it, so the change went all the way through identity.
    await eventually(async () =>
      expect(await refreshedClaims(other)).toMatchObject({ membership_status: 'active' }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
    socket.close();
  });
});
