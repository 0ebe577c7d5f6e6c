import { type HttpApp, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { ID_TEXT_PATTERN, idTextMessage } from '@linksmate/proto';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EveryService, startEveryService } from './fixtures/every-service';

/** Spellings that once read as 16 or 4 (or reached the database): none of them is an id. */
const NOT_IDS = ['0x10', '4.0', '+4', '4e0', '04', ' 4', '2147483648', '-1', '0'];
const SERVICE_TOKEN = 'canonical-ids-service-token';
const CALLER_ID = 4242;

/** Messaging reads its path ids itself, to answer with the spec's messages, by the same rule. */
const MESSAGING_ID_PARAMS = ['userId', 'eventId'];

interface IdTarget {
  service: string;
  app: HttpApp;
  method: string;
  /** The path with `{name}` placeholders. */
  path: string;
  name: string;
  in: 'path' | 'query';
  pathParams: string[];
}

/**
 * Issue 23: path and query ids mean one thing on every service. Each service's own OpenAPI document
 * says which parameters are ids; each of them, sent any other way than canonical decimal, is a 400 in
 * the API's error shape, while `4` still reaches the route.
 */
describe('ids in paths and queries, on every service', () => {
  let stack: EveryService;
  let token: string;
  const targets: IdTarget[] = [];

  beforeAll(async () => {
    stack = await startEveryService(SERVICE_TOKEN);
    token = await stack.auth.tokenFor(CALLER_ID, 'admin', {
      membership_status: 'active',
      membership_ends_at: null,
    });
    for (const { name, service } of stack.services) {
      const document = (await service.app.inject('/openapi.json')).json() as OpenAPIV3.Document;
      for (const [path, item] of Object.entries(document.paths ?? {}))
        for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
          const parameters = (item?.[method]?.parameters ?? []) as OpenAPIV3.ParameterObject[];
          const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name);
          for (const parameter of parameters) {
            const schema = parameter.schema as OpenAPIV3.SchemaObject | undefined;
            const isId =
              schema?.pattern === ID_TEXT_PATTERN ||
              (name === 'messaging' && MESSAGING_ID_PARAMS.includes(parameter.name));
            if (isId && (parameter.in === 'path' || parameter.in === 'query'))
              targets.push({
                service: name,
                app: service.app,
                method: method.toUpperCase(),
                path,
                name: parameter.name,
                in: parameter.in,
                pathParams,
              });
          }
        }
    }
  });

  afterAll(() => stack?.close());

  /** The target's operation with `value` as the id under test and `4` for every other path parameter. */
  const call = (target: IdTarget, value: string) => {
    let url = target.path;
    for (const name of target.pathParams)
      url = url.replace(
        `{${name}}`,
        encodeURIComponent(name === target.name && target.in === 'path' ? value : '4'),
      );
    if (target.in === 'query') url += `?${target.name}=${encodeURIComponent(value)}`;
    return target.app.inject({
      method: target.method as 'GET',
      url,
      ...(target.method === 'GET' || target.method === 'DELETE' ? {} : { payload: {} }),
      headers: { authorization: `Bearer ${token}`, [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
    });
  };

  it('when the services are up, then every one that takes ids in paths or queries documents them with the one pattern', () => {
    const named = new Set(targets.map((t) => t.service));
    for (const service of ['identity', 'events-bookings', 'venues-coaches', 'messaging', 'admin'])
      expect(named.has(service), service).toBe(true);
    const routes = targets.map((t) => `${t.method} ${t.path} ${t.name}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'PUT /events/{id} id',
        'GET /events venue_id',
        'PUT /member-games/{id}/join-requests/{requestId}/approve requestId',
      ]),
    );
  });

  it('when an id is sent as 0x10, 4.0, +4, 4e0, 04, " 4", 2147483648, -1 or 0, then 400 in the error shape; 4 still reaches the route', async () => {
    const unexpected: string[] = [];
    for (const target of targets) {
      const where = `${target.service} ${target.method} ${target.path} (${target.in} ${target.name})`;
      for (const value of NOT_IDS) {
        const res = await call(target, value);
        const body = res.json() as { error?: unknown; code?: string; errors?: Record<string, string> };
        const shaped =
          typeof body.error === 'string' &&
          (target.service === 'messaging' && MESSAGING_ID_PARAMS.includes(target.name)
            ? body.code === 'invalid_id'
            : body.code === 'validation_failed' && body.errors?.[target.name] === idTextMessage(target.name));
        if (res.statusCode !== 400 || !shaped)
          unexpected.push(`${where} ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // Bodies are sent empty, so only the calls that take none show `4` getting through (to a 404,
      // or to an upstream that is not there in this test).
      if (target.method === 'GET' || target.method === 'DELETE') {
        const res = await call(target, '4');
        if (res.statusCode === 400)
          unexpected.push(`${where} "4" → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
