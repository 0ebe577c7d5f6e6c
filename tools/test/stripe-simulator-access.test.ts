import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeSimulator } from '../src/stripe-simulator';

describe('Stripe simulator: who may call it', () => {
  const open = new StripeSimulator({
    webhookSecret: 'whsec_simulator',
    publishableKey: 'pk_test_simulator',
    secretKey: 'sk_test_configured',
    controls: 'direct',
  });
  const closed = new StripeSimulator({
    webhookSecret: 'whsec_simulator',
    publishableKey: 'pk_test_simulator',
  });

  beforeAll(async () => {
    await open.start();
    await closed.start();
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
  });

  const call = (base: string, path: string, key?: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: 'email=someone%40example.com',
    });

  /** A GET with the path sent as written (fetch would resolve `%2e%2e` before sending). */
  const rawGet = (base: string, path: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(base);
      const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });

  it('when a secret key other than the configured one is used, then 401 and nothing is made', async () => {
    const refused = await call(open.url, '/v1/customers', 'sk_test_simulator');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid API Key/,
    );
    expect((await call(open.url, '/v1/refunds', 'sk_live_anything')).status).toBe(401);
    expect(open.findObjects('customer')).toHaveLength(0);
    expect((await call(open.url, '/v1/customers', 'sk_test_configured')).status).toBe(200);
    expect(open.findObjects('customer')).toHaveLength(1);
  });

  it('when /_sim is asked through a relay (forwarded headers) or by a climbing path, then it is not there', async () => {
    const get = (base: string, path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers });
    expect((await get(open.url, '/_sim/events')).status).toBe(200);
    expect((await get(open.url, '/_sim/events', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await get(open.url, '/_sim/events', { forwarded: 'for=203.0.113.9' })).status).toBe(404);
    // The gateway relays only /stripe-simulator/v1/*: a path walking out of /v1 is refused.
    expect(await rawGet(open.url, '/v1/%2e%2e/_sim/events')).toBe(400);
    expect(await rawGet(open.url, '/v1/%2E%2e/_sim/deliveries')).toBe(400);
    expect(await rawGet(open.url, '/v1/../_sim/events')).toBe(400);
    const advance = await fetch(`${open.url}/_sim/subscriptions/sub_x/advance`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(advance.status).toBe(404);
  });

  it('when the controls were not enabled, then /_sim is not there even when asked directly', async () => {
    expect((await fetch(`${closed.url}/_sim/events`)).status).toBe(404);
    expect((await fetch(`${closed.url}/_sim/events/evt_x/resend`, { method: 'POST' })).status).toBe(404);
  });
});
