import { createDatabase } from '@linksmate/platform';
import { createTestDatabase, type TestDatabase } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src';
import * as schema from '../src/db/schema';
import { SigningKeys } from '../src/modules/keys/service';

describe('identity signing keys', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('identity', migrationsFolder);
  });

  afterAll(() => database?.drop());

  it('when several replicas start together on an empty database, then they publish the same single key', async () => {
    const replicas = [0, 1, 2, 3].map(() => createDatabase(database.url, schema, { max: 2 }));
    try {
      const loaded = await Promise.all(replicas.map((r) => SigningKeys.load(r.db, { ttlSeconds: 60 })));
      const published = loaded.map((keys) => keys.jwks().keys.map((k) => k.kid));
      expect(published[0]).toHaveLength(1);
      for (const kids of published) expect(kids).toEqual(published[0]);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });
});
