import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  createHttpApp,
  type DatabaseHandle,
  type HttpApp,
  isDatabaseUnavailable,
  isUniqueViolation,
} from '../src';
import { silentLogger } from '../src/testing/bus';
import { createEmptyTestDatabase, type TestDatabase } from '../src/testing/database';
import { TcpProxy } from '../src/testing/tcp-proxy';

describe('unique violations', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle<Record<string, never>>;

  beforeAll(async () => {
    database = await createEmptyTestDatabase('db_errors');
    handle = createDatabase(database.url, {});
    await handle.db.execute(sql`create table pairs (a int constraint pairs_a_key unique, b int)`);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const failure = (run: () => Promise<unknown>) =>
    run().then(
      () => undefined,
      (err: unknown) => err,
    );

  it('when an insert breaks a unique constraint, inside a transaction or not, then it is recognised through drizzle’s wrapping, by constraint too', async () => {
    await handle.db.execute(sql`insert into pairs values (1, 1)`);
    const plain = await failure(() => handle.db.execute(sql`insert into pairs values (1, 2)`));
    const inTransaction = await failure(() =>
      handle.db.transaction((tx) => tx.execute(sql`insert into pairs values (1, 3)`)),
    );
    for (const err of [plain, inTransaction]) {
      expect(isUniqueViolation(err)).toBe(true);
      expect(isUniqueViolation(err, 'pairs_a_key')).toBe(true);
      expect(isUniqueViolation(err, 'another_key')).toBe(false);
    }
  });

  it('when a statement fails otherwise, then it is not a unique violation', async () => {
    const err = await failure(() => handle.db.execute(sql`insert into pairs values ('x', 1)`));
    expect(err).toBeInstanceOf(Error);
    expect(isUniqueViolation(err)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('a database that is not there', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let handle: DatabaseHandle<Record<string, never>>;
  let app: HttpApp;

  beforeAll(async () => {
    database = await createEmptyTestDatabase('db_unavailable');
    const url = new URL(database.url);
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    handle = createDatabase(url.toString(), {});
    app = await createHttpApp({ name: 'sample', logger: silentLogger() });
    app.get('/now', async () => (await handle.db.execute(sql`select 1 as one`)).rows);
    app.get('/broken', async () => (await handle.db.execute(sql`select nothing from nowhere`)).rows);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.stop();
    await database?.drop();
  });

  const failure = (run: () => Promise<unknown>) =>
    run().then(
      () => undefined,
      (err: unknown) => err,
    );

  it('when the connection to PostgreSQL is cut, then the failure is recognised as the database unavailable, a bad statement is not', async () => {
    expect(await failure(() => handle.db.execute(sql`select 1`))).toBeUndefined();
    const bad = await failure(() => handle.db.execute(sql`select nothing from nowhere`));
    expect(isDatabaseUnavailable(bad)).toBe(false);
    proxy.cut();
    try {
      const lost = await failure(() => handle.db.execute(sql`select 1`));
      expect(lost).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(lost)).toBe(true);
    } finally {
      proxy.restore();
    }
    for (const code of ['08006', '57P01', '57P03', 'ECONNREFUSED'])
      expect(isDatabaseUnavailable(Object.assign(new Error('wrapped'), { cause: { code } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('when a route meets it, then it answers 503 in the API error shape, and 200 once the database is back', async () => {
    proxy.cut();
    try {
      const down = await app.inject({ method: 'GET', url: '/now' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        error: 'The service is unavailable. Please try again shortly.',
        code: 'service_unavailable',
      });
    } finally {
      proxy.restore();
    }
    expect((await app.inject({ method: 'GET', url: '/now' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
  });
});
