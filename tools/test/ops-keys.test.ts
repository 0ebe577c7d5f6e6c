import { randomBytes } from 'node:crypto';
import * as identity from '@linksmate/identity';
import { createDatabase, createSealer, systemClock } from '@linksmate/platform';
import { createTestDatabase, silentLogger, type TestDatabase } from '@linksmate/platform/testing';
import { ACCESS_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './fixtures/ops';

interface KeyRow {
  kid: string;
  signsFrom: string;
  retiredAt: string | null;
  signing: boolean;
}

describe('ops keys', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let firstKid: string;

  beforeAll(async () => {
    database = await createTestDatabase('identity', identity.migrationsFolder);
    env = { IDENTITY_DATABASE_URL: database.url };
    // identity's first start makes the first key, sealed with the (development) key encryption key.
    const { db, close } = createDatabase(database.url, identity.schema, { max: 1 });
    const keys = await identity.SigningKeys.load({
      db,
      sealer: createSealer({ current: identity.DEVELOPMENT_KEY_ENCRYPTION_KEY }),
      clock: systemClock,
      ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      logger: silentLogger(),
    });
    firstKid = keys.jwks().keys[0]!.kid!;
    await close();
  });

  afterAll(() => database?.drop());

  it('when keys rotate, then status shows the new key published but not yet signing, and the old one retiring after the token lifetime', async () => {
    const before = await ops(['keys', 'status', '--json'], env);
    expect(before.code, before.stderr).toBe(0);
    expect(before.json<KeyRow[]>()).toEqual([
      expect.objectContaining({ kid: firstKid, signing: true, retiredAt: null }),
    ]);

    const rotated = await ops(['keys', 'rotate'], env);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^New key [0-9a-f-]{36}: published now, signs from /);
    expect(rotated.stdout).toContain(`${firstKid} retires at `);

    const after = (await ops(['keys', 'status', '--json'], env)).json<KeyRow[]>();
    expect(after.map((k) => k.kid)).toEqual([expect.any(String), firstKid]);
    const [fresh, old] = after as [KeyRow, KeyRow];
    expect(fresh.signing).toBe(false);
    expect(old.signing).toBe(true);
    const leadSeconds = (Date.parse(fresh.signsFrom) - Date.now()) / 1000;
    expect(leadSeconds).toBeGreaterThan(identity.PUBLISH_LEAD_SECONDS - 30);
    expect((Date.parse(old.retiredAt!) - Date.parse(fresh.signsFrom)) / 1000).toBe(
      ACCESS_TOKEN_TTL_SECONDS + 60,
    );
  });

  it('when KEY_ENCRYPTION_KEY rotates, then reseal moves every kept key to the new one, and identity starts with the new key alone', async () => {
    const next = randomBytes(32).toString('base64');
    const rotating = {
      ...env,
      KEY_ENCRYPTION_KEY: next,
      KEY_ENCRYPTION_KEY_PREVIOUS: identity.DEVELOPMENT_KEY_ENCRYPTION_KEY,
    };
    const resealed = await ops(['keys', 'reseal', '--json'], rotating);
    expect(resealed.code, resealed.stderr).toBe(0);
    expect(resealed.json()).toEqual({ resealed: 2, current: 0 });
    expect((await ops(['keys', 'reseal', '--json'], rotating)).json()).toEqual({ resealed: 0, current: 2 });

    const { db, close } = createDatabase(database.url, identity.schema, { max: 1 });
    try {
      const keys = await identity.SigningKeys.load({
        db,
        sealer: createSealer({ current: next }),
        clock: systemClock,
        ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
        logger: silentLogger(),
      });
      expect(keys.jwks().keys.map((k) => k.kid)).toContain(firstKid);
    } finally {
      await close();
    }
  });

  it('when KEY_ENCRYPTION_KEY is malformed, then the verb refuses with exit code 2 naming it, and changes nothing', async () => {
    const before = (await ops(['keys', 'status', '--json'], env)).json<KeyRow[]>();
    const refused = await ops(['keys', 'rotate'], { ...env, KEY_ENCRYPTION_KEY: 'not-a-key' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('KEY_ENCRYPTION_KEY');
    expect((await ops(['keys', 'status', '--json'], env)).json()).toEqual(before);
    const extra = await ops(['keys', 'rotate', 'now'], env);
    expect(extra.code).toBe(2);
  });

  it('when the sealing key is lost, then identity refuses to start on the keys, and keys reset (confirmed) lets it start with a new key', async () => {
    const lost = randomBytes(32).toString('base64');
    const { db, close } = createDatabase(database.url, identity.schema, { max: 1 });
    const load = () =>
      identity.SigningKeys.load({
        db,
        sealer: createSealer({ current: lost }),
        clock: systemClock,
        ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
        logger: silentLogger(),
      });
    try {
      await expect(load()).rejects.toThrow(/neither the current nor the previous key/);
      const unconfirmed = await ops(['keys', 'reset'], env);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain('add --yes');
      expect((await ops(['keys', 'status', '--json'], env)).json<KeyRow[]>()).toHaveLength(2);

      const reset = await ops(['keys', 'reset', '--yes', '--json'], env);
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.json<{ retired: string[] }>().retired).toContain(firstKid);
      const restarted = await load();
      expect(restarted.jwks().keys.map((k) => k.kid)).not.toContain(firstKid);
      expect(restarted.jwks().keys).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
