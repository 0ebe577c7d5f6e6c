import { DateOnly, IdParam, IdParams, idTextMessage, Text, Timestamp } from '@linksmate/proto';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badRequest,
  createHttpApp,
  type HttpApp,
  loadConfig,
  membershipRequired,
  ServiceConfigFields,
  trustProxySetting,
} from '../src';
import { silentLogger } from '../src/testing/bus';

// Every case holds whether a route's schemas are compiled at start or at its first request.
describe.each([
  ['at start', false],
  ['at first use', true],
])('createHttpApp, schemas compiled %s', (_when, compileSchemasAtFirstUse) => {
  let app: HttpApp;
  let ready = true;

  beforeAll(async () => {
    app = await createHttpApp({
      name: 'sample',
      logger: silentLogger(),
      readiness: async () => ({ database: ready, bus: true }),
      openapi: { title: 'Sample' },
      compileSchemasAtFirstUse,
    });
    app.post(
      '/things',
      {
        schema: {
          body: Type.Object({ name: Type.String({ minLength: 2 }), email: Type.String({ format: 'email' }) }),
        },
      },
      async (request) => ({ received: request.body.name }),
    );
    app.post(
      '/nullable/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          querystring: Type.Object({ limit: Type.Optional(Type.Integer()) }),
          body: Type.Object({
            note: Type.Union([Type.String(), Type.Null()]),
            count: Type.Union([Type.Integer(), Type.Null()]),
            flag: Type.Optional(Type.Boolean()),
          }),
        },
      },
      async (request) => ({ params: request.params, query: request.query, body: request.body }),
    );
    app.get('/boom', async () => {
      throw new Error('secret database detail');
    });
    app.get('/bad', async () => {
      throw badRequest('That is not right', 'not_right', { name: 'Name is wrong' });
    });
    app.get('/members-only', async () => {
      throw membershipRequired();
    });
    app.get(
      '/pages/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
          querystring: Type.Object({
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            from: Type.Optional(DateOnly),
            at: Type.Optional(Timestamp),
          }),
        },
      },
      async (request) => ({ id: request.params.id }),
    );
    app.get(
      '/ids/:id',
      { schema: { params: IdParams, querystring: Type.Object({ venue_id: Type.Optional(IdParam) }) } },
      async (request) => ({ id: request.params.id, venue_id: request.query.venue_id ?? null }),
    );
    app.post(
      '/notes',
      { schema: { body: Type.Object({ note: Text({ maxLength: 20 }) }) } },
      async (request) => ({ note: request.body.note }),
    );
    app.get(
      '/answers/:which',
      {
        schema: {
          params: Type.Object({ which: Type.String() }),
          response: {
            200: Type.Object({
              items: Type.Array(
                Type.Object({
                  at: Type.Union([Timestamp, Type.Null()]),
                  note: Type.Union([Type.Null(), Type.String()]),
                  count: Type.Union([Type.Integer(), Type.Null()]),
                  either: Type.Union([Type.Integer(), Type.String()]),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        items:
          request.params.which === 'set'
            ? [{ at: '2026-11-27T06:00:00.123Z', note: 'a "quoted" note', count: 3, either: 'text' }]
            : [{ at: null, note: null, count: null, either: 7 }],
      }),
    );
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('when alive, then /health answers 200', async () => {
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'sample' });
  });

  it('when a dependency is down, then /ready answers 503 naming it', async () => {
    ready = false;
    const res = await app.inject('/ready');
    ready = true;
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ database: false, bus: true });
    expect((await app.inject('/ready')).statusCode).toBe(200);
  });

  it('when a request carries an id, then the answer echoes it; otherwise one is minted', async () => {
    const given = await app.inject({ url: '/health', headers: { 'x-request-id': 'req-12345678' } });
    expect(given.headers['x-request-id']).toBe('req-12345678');
    const minted = await app.inject('/health');
    expect(minted.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the body fails its schema, then 400 with field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name']);
  });

  it('when a body sends null to a nullable field, then the handler sees null, not "" or 0; path and query text still become numbers', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/nullable/7?limit=10',
      payload: { note: null, count: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      params: { id: 7 },
      query: { limit: 10 },
      body: { note: null, count: null },
    });
  });

  it('when a JSON body sends a number or a boolean as text, then 400 on that field: bodies are taken as sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/nullable/7',
      payload: { note: 'hi', count: '5', flag: 'true' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['count', 'flag']);
  });

  it('when a number comes as text beyond every range (1e999, Infinity), then 400 on that field, not a 500', async () => {
    for (const [url, field] of [
      ['/pages/1e999', 'id'],
      ['/pages/Infinity', 'id'],
      ['/pages/-Infinity', 'id'],
      ['/pages/3?limit=1e999', 'limit'],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({ [field]: `${field} must be a finite number` });
    }
    expect((await app.inject('/pages/3?limit=5')).json()).toEqual({ id: 3 });
  });

  it('when a path or query id is not canonical decimal within integer (0x10, 4.0, +4, 4e0, 04, " 4", 2147483648, -1, 0), then 400 in the error shape; 4 is the number 4', async () => {
    const forms = [
      '0x10',
      '4.0',
      '+4',
      '4e0',
      '04',
      ' 4',
      '4 ',
      '2147483648',
      '-1',
      '0',
      '',
      'four',
      '1e999',
    ];
    for (const form of forms) {
      for (const [url, field] of [
        [`/ids/${encodeURIComponent(form)}`, 'id'],
        [`/ids/4?venue_id=${encodeURIComponent(form)}`, 'venue_id'],
      ] as const) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({
          error: `Invalid ${field === 'id' ? 'params' : 'querystring'}: ${idTextMessage(field)}`,
          code: 'validation_failed',
          errors: { [field]: idTextMessage(field) },
        });
      }
    }
    expect((await app.inject('/ids/4?venue_id=2147483647')).json()).toEqual({
      id: 4,
      venue_id: 2_147_483_647,
    });
    expect((await app.inject('/ids/10')).json()).toEqual({ id: 10, venue_id: null });
  });

  it('when a date is in the year 0000, which PostgreSQL has not, then 400 on that field; year 0001 passes', async () => {
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['at=0000-06-01T10:00:00Z', 'at'],
    ] as const) {
      const res = await app.inject(`/pages/3?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    expect((await app.inject('/pages/3?from=0001-01-01&at=9999-12-31T23:59:59Z')).statusCode).toBe(200);
  });

  it('when request text holds half a surrogate pair or a NUL, then 400 on that field; whole pairs pass', async () => {
    // JSON escapes can carry a lone surrogate; a URL cannot (invalid UTF-8 there reads as U+FFFD).
    const post = (raw: string) =>
      app.inject({
        method: 'POST',
        url: '/notes',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
    for (const raw of ['{"note":"a\\ud800b"}', '{"note":"\\udfff"}', '{"note":"a\\u0000b"}']) {
      const res = await post(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().errors, raw).toEqual({ note: 'note contains characters that are not allowed' });
    }
    expect((await post(JSON.stringify({ note: 'golf ⛳😀' }))).json()).toEqual({ note: 'golf ⛳😀' });
  });

  it('when a handler throws an API error, then its status and shape are kept', async () => {
    const res = await app.inject('/bad');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'That is not right',
      code: 'not_right',
      errors: { name: 'Name is wrong' },
    });
  });

  it('when membership is missing, then 402 with membership_required and redirect_url', async () => {
    const res = await app.inject('/members-only');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'Active membership required',
      code: 'membership_required',
      membership_required: true,
      redirect_url: '/membership',
    });
  });

  it('when a handler fails unexpectedly, then 500 without internals', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
  });

  it('when the URL cannot be decoded, then 400 in the API error shape', async () => {
    const res = await app.inject('/pages/%');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'fst_err_bad_url' });
  });

  it('when the route does not exist, then a JSON 404', async () => {
    const res = await app.inject('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('when an answer has nullable fields, then each is written as its value or null', async () => {
    const set = await app.inject('/answers/set');
    expect(set.statusCode).toBe(200);
    expect(set.body).toBe(
      '{"items":[{"at":"2026-11-27T06:00:00.123Z","note":"a \\"quoted\\" note","count":3,"either":"text"}]}',
    );
    const unset = await app.inject('/answers/unset');
    expect(unset.body).toBe('{"items":[{"at":null,"note":null,"count":null,"either":7}]}');
  });

  it('when asked for the OpenAPI document, then it lists the public routes', async () => {
    const res = await app.inject('/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/things');
    expect(Object.keys(res.json().paths)).not.toContain('/health');
  });
});

describe('graceful close', () => {
  it('when closed with a request in flight, then the request is answered before the app stops', async () => {
    const app = await createHttpApp({ name: 'closing', logger: silentLogger() });
    let closedHookRan = false;
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { done: true, closedHookRanBefore: closedHookRan };
    });
    app.addHook('onClose', async () => {
      closedHookRan = true;
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 50));
    const closing = app.close();
    expect(await inFlight).toEqual({ done: true, closedHookRanBefore: false });
    await closing;
    expect(closedHookRan).toBe(true);
    await expect(fetch(`${address}/slow`)).rejects.toThrow();
  });
});

describe('whose X-Forwarded-For counts', () => {
  async function appTrusting(trustProxy: false | number | string[] | undefined) {
    const app = await createHttpApp({ name: 'sample', logger: silentLogger(), trustProxy });
    app.get('/ip', async (request) => ({ ip: request.ip }));
    return app;
  }
  const ipSeen = async (app: HttpApp, from: string, forwardedFor: string) =>
    (
      await app.inject({ url: '/ip', remoteAddress: from, headers: { 'x-forwarded-for': forwardedFor } })
    ).json().ip;

  it('when nothing is trusted (the default), then a client cannot claim an address', async () => {
    const app = await appTrusting(undefined);
    expect(await ipSeen(app, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    await app.close();
  });

  it('when the proxies are named, then their header counts and nobody else’s does', async () => {
    const app = await appTrusting(trustProxySetting('loopback, 10.0.0.0/8') as string[]);
    // Through the proxy: the client it saw.
    expect(await ipSeen(app, '10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen(app, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client claiming to be someone else, past the proxy: the proxy's view wins.
    expect(await ipSeen(app, '10.1.2.3', '192.0.2.66, 203.0.113.9')).toBe('203.0.113.9');
    // Straight from the internet: its header is ignored.
    expect(await ipSeen(app, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    await app.close();
  });

  it('when TRUST_PROXY is read, then a hop count, a list or false is taken and true is refused', () => {
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('loopback,10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    const Schema = Type.Object({ TRUST_PROXY: ServiceConfigFields.TRUST_PROXY });
    expect(loadConfig(Schema, {})).toEqual({ TRUST_PROXY: 'loopback' });
    expect(() => loadConfig(Schema, { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxies/);
    expect(() => loadConfig(Schema, { TRUST_PROXY: '10.0.0.0/8, the-lb' })).toThrow(
      /TRUST_PROXY: not an address, CIDR or named range: the-lb/,
    );
  });
});
