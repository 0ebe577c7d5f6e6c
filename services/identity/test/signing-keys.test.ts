import { randomBytes } from 'node:crypto';
import {
  ConfigError,
  createDatabase,
  createJwksVerifier,
  createSealer,
  generateSigningKey,
  systemClock,
} from '@linksmate/platform';
import { createTestDatabase, eventually, silentLogger, type TestDatabase } from '@linksmate/platform/testing';
import { ACCESS_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_KEY_ENCRYPTION_KEY,
  loadIdentityConfig,
  migrationsFolder,
  PUBLISH_LEAD_SECONDS,
  resealSigningKeys,
  rotateSigningKeys,
  SigningKeys,
} from '../src';
import * as schema from '../src/db/schema';
import { IdentityUnderTest, startIdentity } from './fixtures';

const newKey = () => randomBytes(32).toString('base64');
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('identity signing keys: stored sealed, shared by replicas', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('identity', migrationsFolder);
  });

  afterAll(() => database?.drop());

  const loadWith = (
    db: ReturnType<typeof createDatabase<typeof schema>>['db'],
    current: string,
    previous?: string,
  ) =>
    SigningKeys.load({
      db,
      sealer: createSealer({ current, ...(previous ? { previous } : {}) }),
      clock: systemClock,
      ttlSeconds: 60,
      logger: silentLogger(),
    });

  it('when several replicas start together on an empty database, then they publish the same single key, its private half sealed', async () => {
    const key = newKey();
    const replicas = [0, 1, 2, 3].map(() => createDatabase(database.url, schema, { max: 2 }));
    try {
      const loaded = await Promise.all(replicas.map((r) => loadWith(r.db, key)));
      const published = loaded.map((keys) => keys.jwks().keys.map((k) => k.kid));
      expect(published[0]).toHaveLength(1);
      for (const kids of published) expect(kids).toEqual(published[0]);
      expect(loaded[0]!.jwks().keys[0]).not.toHaveProperty('d');

      const { rows } = await replicas[0]!.pool.query(
        'select private_jwk, sealed_private_key from signing_keys',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].private_jwk).toBeNull();
      expect(rows[0].sealed_private_key).toMatch(/^v1\./);
      // What one replica signs, another verifies with the key set it holds.
      const token = await loaded[1]!.signer.sign({
        user_id: 7,
        role: 'member',
        ver: 0,
        membership_status: null,
        membership_ends_at: null,
      });
      await expect(loaded[3]!.verifier.verify(token)).resolves.toMatchObject({ user_id: 7 });
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('when the database holds a key written in the clear before keys were sealed, then the first start seals it and signs with it still', async () => {
    const legacyDatabase = await createTestDatabase('identity', migrationsFolder);
    const { db, pool, close } = createDatabase(legacyDatabase.url, schema, { max: 2 });
    try {
      const legacy = await generateSigningKey();
      await db.insert(schema.signingKeys).values({
        kid: legacy.kid,
        privateJwk: legacy.privateJwk,
        publicJwk: legacy.publicJwk,
      });
      const keys = await loadWith(db, newKey());
      const token = await keys.signer.sign({
        user_id: 3,
        role: 'member',
        ver: 0,
        membership_status: null,
        membership_ends_at: null,
      });
      expect(kidOf(token)).toBe(legacy.kid);
      const { rows } = await pool.query('select private_jwk, sealed_private_key from signing_keys');
      expect(rows).toEqual([{ private_jwk: null, sealed_private_key: expect.stringMatching(/^v1\./) }]);
      expect(JSON.stringify(rows)).not.toContain(String(legacy.privateJwk.d));
    } finally {
      await close();
      await legacyDatabase.drop();
    }
  });

  it('when KEY_ENCRYPTION_KEY rotates, then keys open under the previous key, reseal moves them to the new one, and a wrong key stops the start with the reason', async () => {
    const keyDatabase = await createTestDatabase('identity', migrationsFolder);
    const { db, close } = createDatabase(keyDatabase.url, schema, { max: 2 });
    try {
      const [old, next] = [newKey(), newKey()];
      const first = await loadWith(db, old);
      const kid = first.jwks().keys[0]!.kid;

      await expect(loadWith(db, next)).rejects.toThrow(/neither the current nor the previous key/);
      const during = await loadWith(db, next, old);
      expect(during.jwks().keys.map((k) => k.kid)).toEqual([kid]);

      expect(await resealSigningKeys(db, createSealer({ current: next, previous: old }))).toEqual({
        resealed: 1,
        current: 0,
      });
      expect(await resealSigningKeys(db, createSealer({ current: next, previous: old }))).toEqual({
        resealed: 0,
        current: 1,
      });
      const after = await loadWith(db, next);
      expect(after.jwks().keys.map((k) => k.kid)).toEqual([kid]);
    } finally {
      await close();
      await keyDatabase.drop();
    }
  });

  it('when a rotation is made with a KEY_ENCRYPTION_KEY the signing key was not sealed with, then it is refused; a key added anyway is published and the replica goes on signing with its own', async () => {
    const keyDatabase = await createTestDatabase('identity', migrationsFolder);
    const { db, close } = createDatabase(keyDatabase.url, schema, { max: 2 });
    try {
      const [own, foreign] = [newKey(), newKey()];
      const replica = await loadWith(db, own);
      const ownKid = replica.jwks().keys[0]!.kid;
      const rotateWith = (sealer: ReturnType<typeof createSealer>) =>
        rotateSigningKeys(db, {
          sealer,
          clock: systemClock,
          accessTokenTtlSeconds: 60,
          publishLeadSeconds: 0,
        });

      await expect(rotateWith(createSealer({ current: foreign }))).rejects.toThrow(
        `the signing key ${ownKid} does not open with this KEY_ENCRYPTION_KEY`,
      );
      expect((await loadWith(db, own)).jwks().keys.map((k) => k.kid)).toEqual([ownKid]);

      // Made where both keys are set (the new one current), so it opens there but not here.
      const added = await rotateWith(createSealer({ current: foreign, previous: own }));
      await replica.reload();
      expect(replica.jwks().keys.map((k) => k.kid)).toEqual([added.kid, ownKid]);
      const token = await replica.signer.sign({
        user_id: 7,
        role: 'member',
        ver: 1,
        membership_status: null,
        membership_ends_at: null,
      });
      expect(kidOf(token)).toBe(ownKid);
    } finally {
      await close();
      await keyDatabase.drop();
    }
  });

  it('when identity starts in production with the development KEY_ENCRYPTION_KEY, then it refuses, naming the variable', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/identity',
      SERVICE_TOKEN: 'a-production-service-token',
      PUBLIC_URL: 'https://linksmate.example',
      STORAGE_DRIVER: 'local',
    };
    let problems: string[] = [];
    try {
      loadIdentityConfig({ ...production, KEY_ENCRYPTION_KEY: DEVELOPMENT_KEY_ENCRYPTION_KEY });
    } catch (err) {
      problems = (err as ConfigError).problems;
    }
    expect(problems).toContain('KEY_ENCRYPTION_KEY: must be set to a secret of your own in production');
    expect(() => loadIdentityConfig({ ...production, KEY_ENCRYPTION_KEY: 'not-a-key' })).toThrow(ConfigError);
    expect(loadIdentityConfig({ ...production, KEY_ENCRYPTION_KEY: newKey() }).NODE_ENV).toBe('production');
  });
});

describe('identity signing keys: rotation with people signed in', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity({ SIGNING_KEY_RELOAD_SECONDS: '1' });
  });

  afterAll(() => identity?.close());

  const publishedKids = async () =>
    ((await identity.get('/.well-known/jwks.json')).json() as { keys: { kid: string }[] }).keys.map(
      (k) => k.kid,
    );

  it('when the keys rotate, then the new key is published before it signs, tokens of the old key verify until it retires, and no session ends', async () => {
    const me = await identity.verifiedUser('rotating_keys_kim', 'kim@example.com');
    const firstToken = me.token;
    const oldKid = kidOf(firstToken);
    const address = await identity.app.listen({ port: 0, host: '127.0.0.1' });
    const gatewayVerifier = createJwksVerifier(`${address}/.well-known/jwks.json`, {
      refetchCooldownMs: 100,
    });
    await expect(gatewayVerifier.verify(firstToken)).resolves.toMatchObject({ user_id: me.id });

    const rotation = await rotateSigningKeys(identity.db, {
      sealer: createSealer({ current: DEVELOPMENT_KEY_ENCRYPTION_KEY }),
      clock: identity.clock.now,
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    });
    expect(rotation.retiring.map((r) => r.kid)).toEqual([oldKid]);

    // Published at once (each replica reads the set again), but the old key still signs.
    await eventually(async () => expect(await publishedKids()).toEqual([rotation.kid, oldKid]));
    const beforeLead = await identity.refresh(me.refresh);
    expect(beforeLead.statusCode).toBe(200);
    expect(kidOf(beforeLead.json().token)).toBe(oldKid);

    // After the lead the new key signs; the session carries on through its refresh token, and a
    // token the old key signed still verifies against the key set published now.
    identity.clock.advance((PUBLISH_LEAD_SECONDS + 1) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the test verifier's refetch cooldown
    const afterLead = await identity.refresh(IdentityUnderTest.refreshCookie(beforeLead));
    expect(afterLead.statusCode).toBe(200);
    const newToken = afterLead.json().token;
    expect(kidOf(newToken)).toBe(rotation.kid);
    const verifierNow = await identity.verifier();
    await expect(verifierNow.verify(firstToken)).resolves.toMatchObject({ user_id: me.id });
    await expect(verifierNow.verify(newToken)).resolves.toMatchObject({ user_id: me.id });
    // The gateway's verifier fetched the key set before the rotation: meeting the new kid it fetches
    // again (at most once per cooldown, which the publish lead outlasts) and accepts the token.
    await expect(gatewayVerifier.verify(newToken)).resolves.toMatchObject({ user_id: me.id });
    // identity itself accepts both while both are published.
    for (const token of [firstToken, newToken])
      expect((await identity.get('/profile', token)).statusCode).toBe(200);

    // Once every token the old key signed has expired, it leaves the key set; the next rotation
    // deletes its private half.
    identity.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 61) * 1000);
    await eventually(async () => expect(await publishedKids()).toEqual([rotation.kid]));
    const next = await rotateSigningKeys(identity.db, {
      sealer: createSealer({ current: DEVELOPMENT_KEY_ENCRYPTION_KEY }),
      clock: identity.clock.now,
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    });
    expect(next.forgotten).toEqual([oldKid]);
    const { rows } = await identity.pool.query('select sealed_private_key from signing_keys where kid = $1', [
      oldKid,
    ]);
    expect(rows[0].sealed_private_key).toBeNull();
  });
});
