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
import { HOSTILE_RAW_BODIES, hostileValue, validValue } from './arbitraries';
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

/** One request to attack an operation with: a parameter, a body field or the body itself. */
function hostileRequests(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const valid: FuzzRequest = {
    path: Object.fromEntries(
      operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, validValue(p.schema)]),
    ),
    query: Object.fromEntries(
      operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, validValue(p.schema)]),
    ),
    ...(operation.body ? { body: { json: validValue(operation.body) } } : {}),
  };
  const attacks: fc.Arbitrary<FuzzRequest>[] = [fc.constant(valid)];
  for (const parameter of operation.parameters) {
    attacks.push(
      hostileValue(parameter.schema).map((value) => ({
        ...valid,
        [parameter.in]: { ...valid[parameter.in], [parameter.name]: value },
      })),
    );
  }
  const body = operation.body;
  if (body) {
    const fields = Object.entries(body.properties ?? {}) as Array<[string, Schema]>;
    const validBody = validValue(body) as Record<string, unknown>;
    for (const [name, schema] of fields) {
      attacks.push(
        hostileValue(schema).map((value) => ({ ...valid, body: { json: { ...validBody, [name]: value } } })),
      );
    }
    for (const name of body.required ?? []) {
      const { [name]: _missing, ...rest } = validBody;
      attacks.push(fc.constant({ ...valid, body: { json: rest } }));
    }
  }
  // Whatever the route expects, a body that is no such thing (a GET carries none: fetch refuses it).
  if (operation.method !== 'GET')
    attacks.push(
      fc.jsonValue({ maxDepth: 4 }).map((json) => ({ ...valid, body: { json } })),
      fc
        .constantFrom(...HOSTILE_RAW_BODIES)
        .map((raw) => ({ ...valid, body: { raw, contentType: 'application/json' } })),
      fc
        .constantFrom('a=b', '<x/>', '\u0000')
        .map((raw) => ({ ...valid, body: { raw, contentType: 'text/plain' } })),
    );
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
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(15);
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const operation of operations) {
      for (const caller of ['visitor', 'member', 'admin'] as const) {
        const property = fc.asyncProperty(hostileRequests(operation), async (request) => {
          const { url, init } = toFetch(operation, request, tokens[caller]);
          sent++;
          const response = await fetch(`${stack.url}${PUBLIC_API_PREFIX}${url}`, init).catch(
            (err: Error) => ({ status: 599, text: async () => err.message }),
          );
          const text = await response.text();
          if (response.status >= 500)
            throw new Error(
              `${operation.method} ${url} (${caller}) → ${response.status} ${text.slice(0, 300)}`,
            );
        });
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
