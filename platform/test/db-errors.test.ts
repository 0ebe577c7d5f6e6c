import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, isUniqueViolation } from '../src';
import { createEmptyTestDatabase, type TestDatabase } from '../src/testing/database';

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
