import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmptyTestDatabase } from '@linksmate/platform/testing';
import { PUBLIC_API_PREFIX } from '@linksmate/proto';
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/embedded/seed';
import { type DatabaseProvider, type RunningStack, startStack } from '../src/embedded/stack';
import { edgeConstants, HOSTILE_RAW_BODIES, hostileValue, validValue } from './arbitraries';
import { type Operation, operationsOf, type Schema } from './openapi';
import { type FuzzRequest, toFetch } from './request';

/**
 * The fuzz tier: every operation the gateway documents, and each of its parameters and body
 * fields, gets malformed values, as a visitor, a member and an admin. Any 5xx (or no answer) fails.
 * Routes added later are covered without a word here: they are read from the document.
 *
 * The seed is fixed so `make test` is repeatable; `FUZZ_SEED=<n>` replays or explores another one,
 * `FUZZ_RUNS` sets how many requests each operation gets per caller.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Caller = 'visitor' | 'member' | 'admin';

/** The services' databases: empty test databases on the test PostgreSQL, migrated by the services. */
const testDatabases: DatabaseProvider = async (names) => {
  const created = await Promise.all(names.map((name) => createEmptyTestDatabase(`fuzz_${name}`)));
  const byName = new Map(names.map((name, i) => [name, created[i]!]));
  return {
    urlFor: (name) => byName.get(name)!.url,
    stop: async () => {
      await Promise.all(created.map((database) => database.drop()));
    },
  };
};

const parsedOrNull = (text: string): { error?: unknown } | null => {
  try {
    return JSON.parse(text) as { error?: unknown };
  } catch {
    return null;
  }
};

/** A request each of whose parts the operation's schemas accept. */
function validRequest(operation: Operation): FuzzRequest {
  const of = (place: 'path' | 'query') =>
    Object.fromEntries(
      operation.parameters.filter((p) => p.in === place).map((p) => [p.name, validValue(p.schema)]),
    );
  return {
    path: of('path'),
    query: of('query'),
    ...(operation.body ? { body: { json: validValue(operation.body) } } : {}),
  };
}

/** Each parameter and body field of the operation, with its schema and how to put a value in it. */
function targetsOf(operation: Operation): Array<{ schema: Schema; put: (value: unknown) => FuzzRequest }> {
  const valid = validRequest(operation);
  const targets = operation.parameters.map((parameter) => ({
    schema: parameter.schema,
    put: (value: unknown) => ({
      ...valid,
      [parameter.in]: { ...valid[parameter.in], [parameter.name]: value },
    }),
  }));
  const validBody = (operation.body ? validValue(operation.body) : {}) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(operation.body?.properties ?? {}) as Array<[string, Schema]>) {
    targets.push({ schema, put: (value) => ({ ...valid, body: { json: { ...validBody, [name]: value } } }) });
  }
  return targets;
}

/** Every edge value in every field, once each, and each required body field left out. */
function edgeSweep(operation: Operation): FuzzRequest[] {
  const valid = validRequest(operation);
  const requests = targetsOf(operation).flatMap(({ schema, put }) => edgeConstants(schema).map(put));
  const validBody = (operation.body ? validValue(operation.body) : {}) as Record<string, unknown>;
  for (const name of operation.body?.required ?? []) {
    const { [name]: _missing, ...rest } = validBody;
    requests.push({ ...valid, body: { json: rest } });
  }
  // Whatever the route expects, a body that is no such thing (a GET carries none: fetch refuses it).
  if (operation.method !== 'GET') {
    for (const raw of HOSTILE_RAW_BODIES)
      requests.push({ ...valid, body: { raw, contentType: 'application/json' } });
    requests.push({ ...valid, body: { raw: 'a=b', contentType: 'text/plain' } });
  }
  return requests;
}

/** One random request attacking the operation: a parameter, a body field or the body itself. */
function hostileRequests(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const valid = validRequest(operation);
  const attacks: fc.Arbitrary<FuzzRequest>[] = [
    fc.constant(valid),
    ...targetsOf(operation).map(({ schema, put }) => hostileValue(schema).map(put)),
  ];
  if (operation.method !== 'GET')
    attacks.push(fc.jsonValue({ maxDepth: 4 }).map((json) => ({ ...valid, body: { json } })));
  return fc.oneof(...attacks);
}

describe('the API under malformed requests', () => {
  let stack: RunningStack;
  let dataDir: string;
  const tokens: Record<Caller, string | undefined> = {
    visitor: undefined,
    member: undefined,
    admin: undefined,
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linksmate-fuzz-'));
    stack = await startStack(
      { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent' },
      // Every request must reach its route, not a rate limit.
      { databases: testDatabases, gatewayEnv: { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' } },
    );
    for (const [caller, email] of [
      ['member', 'olivia@linksmate.dev'],
      ['admin', 'admin@linksmate.dev'],
    ] as const) {
      const login = await fetch(`${stack.url}${PUBLIC_API_PREFIX}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      tokens[caller] = ((await login.json()) as { token: string }).token;
    }
  });

  afterAll(async () => {
    await stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when every documented operation gets malformed paths, queries and bodies, then no answer is a 5xx', async () => {
    const document = (await (await fetch(`${stack.url}/api/docs/json`)).json()) as OpenAPIV3.Document;
    expect(document.info.description).toContain('Unavailable now: none');
    // Signing out everywhere would end the fuzzing callers' own tokens, and every later answer would
    // be a 401: it takes no input to fuzz, and its tests are the sessions tests.
    const operations = operationsOf(document).filter(
      (o) => !(o.method === 'POST' && o.path.endsWith('/auth/sessions/revoke-all')),
    );
    expect(operations.length).toBeGreaterThan(15);
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    const send = async (operation: Operation, request: FuzzRequest, caller: Caller) => {
      const { url, init } = toFetch(operation, request, tokens[caller]);
      sent++;
      const response = await fetch(`${stack.url}${PUBLIC_API_PREFIX}${url}`, init).catch((err: Error) => ({
        status: 599,
        text: async () => err.message,
      }));
      const text = await response.text();
      const answer = `${operation.method} ${url} (${caller}) → ${response.status} ${text.slice(0, 300)}`;
      if (response.status >= 500) throw new Error(answer);
      // A refusal says why, in the API's error shape (docs/architecture.md#api-conventions).
      if (response.status >= 400 && typeof parsedOrNull(text)?.error !== 'string')
        throw new Error(`not in the error shape: ${answer}`);
    };
    for (const operation of operations) {
      // Every edge value, as the caller every access rule lets through to the route's own checks.
      for (const request of edgeSweep(operation)) {
        await send(operation, request, 'admin').catch((err: Error) =>
          failures.push(`${err.message}\n  request: ${JSON.stringify(request).slice(0, 500)}`),
        );
      }
      // Then random ones, as each caller.
      for (const caller of ['visitor', 'member', 'admin'] as const) {
        const property = fc.asyncProperty(hostileRequests(operation), (request) =>
          send(operation, request, caller),
        );
        const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
        if (result.failed)
          failures.push(
            `${String(result.errorInstance)}\n  counterexample: ${fc.stringify(result.counterexample).slice(0, 500)}`,
          );
      }
    }
    console.info(
      `fuzz: ${operations.length} operations, ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} runs per operation and caller)`,
    );
    expect(failures, `5xx answers (replay with FUZZ_SEED=${SEED}):\n${failures.join('\n')}`).toEqual([]);
  });
});
