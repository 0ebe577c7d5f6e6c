import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as identity from '@linksmate/identity';
import * as messaging from '@linksmate/messaging';
import { createDatabase, createEvent, type OutboxStatus, publishToOutbox } from '@linksmate/platform';
import {
  createEmptyTestDatabase,
  createTestDatabase,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestDatabase,
} from '@linksmate/platform/testing';
import { EmailRequested, eventRegistry } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './fixtures/ops';

const tagsOf = (folder: string) =>
  (
    JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    }
  ).entries.map((e) => e.tag);

describe('ops migrate', () => {
  const databases: TestDatabase[] = [];
  afterAll(() => Promise.all(databases.map((d) => d.drop())));

  it('when the databases are empty, then --pending lists every migration of each; after migrate it lists none', async () => {
    const [ids, mail] = [
      await createEmptyTestDatabase('ops-identity'),
      await createEmptyTestDatabase('ops-messaging'),
    ];
    databases.push(ids, mail);
    const env = { IDENTITY_DATABASE_URL: ids.url, MESSAGING_DATABASE_URL: mail.url };
    const before = await ops(['migrate', 'identity', 'messaging', '--pending', '--json'], env);
    expect(before.code, before.stderr).toBe(0);
    expect(before.json()).toEqual([
      { service: 'identity', pending: tagsOf(identity.migrationsFolder) },
      { service: 'messaging', pending: tagsOf(messaging.migrationsFolder) },
    ]);
    const applied = await ops(['migrate', 'identity', 'messaging'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain(`identity: ${tagsOf(identity.migrationsFolder).length} applied`);
    const after = await ops(['migrate', 'identity', 'messaging', '--pending', '--json'], env);
    expect(after.json()).toEqual([
      { service: 'identity', pending: [] },
      { service: 'messaging', pending: [] },
    ]);
    // Inside identity's pod only DATABASE_URL is set: it stands for the one service named.
    const inPod = await ops(['migrate', 'identity', '--pending'], { DATABASE_URL: ids.url });
    expect(inPod.code, inPod.stderr).toBe(0);
    expect(inPod.stdout.trim()).toBe('identity: nothing pending');
  });

  it('when a database variable is missing, or DATABASE_URL would have to stand for several services, then one message naming it and exit code 2', async () => {
    const missing = await ops(['migrate', 'admin', '--pending'], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^ops: ADMIN_DATABASE_URL is not set/);
    const ambiguous = await ops(['outbox', 'status'], { DATABASE_URL: 'postgres://127.0.0.1/x' });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('IDENTITY_DATABASE_URL is not set: DATABASE_URL is one service');
    const embedded = await ops(['outbox', 'status', '--embedded'], { DATA_DIR: '/nonexistent/ops-test' });
    expect(embedded.code).toBe(2);
    expect(embedded.stderr).toContain(
      'no embedded run is recorded in /nonexistent/ops-test/embedded-run.json',
    );
    const unknown = await ops(['frobnicate'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown verb: frobnicate');
    expect(unknown.stderr).toContain('dlq list');
  });
});

describe('ops outbox status', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('messaging', messaging.migrationsFolder);
  });
  afterAll(() => database?.drop());

  it('when events wait, fail or left, then it counts pending, backing off (with the last error) and sent in the last hour', async () => {
    const handle = createDatabase(database.url, {});
    const event = () =>
      createEvent(
        EmailRequested,
        { to: 'a@example.com', template: 't', variables: {}, user_id: 1 },
        'messaging',
      );
    const [waiting, failing, sentNow, sentEarlier] = [event(), event(), event(), event()];
    try {
      await publishToOutbox(handle.db, eventRegistry, [waiting, failing, sentNow, sentEarlier]);
      await handle.db.execute(
        sql`update outbox set created_at = now() - interval '10 minutes' where id = ${waiting.id}`,
      );
      await handle.db.execute(
        sql`update outbox set attempts = 3, last_error = 'broker unreachable' where id = ${failing.id}`,
      );
      await handle.db.execute(sql`update outbox set sent_at = now() where id = ${sentNow.id}`);
      await handle.db.execute(
        sql`update outbox set sent_at = now() - interval '2 hours' where id = ${sentEarlier.id}`,
      );
    } finally {
      await handle.close();
    }
    const status = await ops(['outbox', 'status', 'messaging', '--json'], {
      MESSAGING_DATABASE_URL: database.url,
    });
    expect(status.code, status.stderr).toBe(0);
    const [messagingStatus] = status.json<Array<{ service: string } & OutboxStatus>>();
    expect(messagingStatus).toMatchObject({
      service: 'messaging',
      pending: 2,
      backingOffCount: 1,
      backingOff: [{ id: failing.id, attempts: 3, lastError: 'broker unreachable' }],
      sentLastHour: 1,
    });
    expect(messagingStatus?.oldestPendingSeconds).toBeGreaterThanOrEqual(600);
    const text = await ops(['outbox', 'status', 'messaging'], { MESSAGING_DATABASE_URL: database.url });
    expect(text.stdout).toMatch(/messaging\s+2\s+10m \d+s\s+1\s+1/);
    expect(text.stdout).toContain(`${failing.id}: 3 attempts, last error: broker unreachable`);
  });
});

describe('ops user unlock', () => {
  let service: ServiceUnderTest;
  const uploads = mkdtempSync(join(tmpdir(), 'lm-ops-uploads-'));
  const PASSWORD = 'Str0ng!pass';
  beforeAll(async () => {
    service = await startServiceUnderTest({
      name: 'identity',
      migrationsFolder: identity.migrationsFolder,
      logger: silentLogger(),
      // Locked at the third failure: no waits between attempts needed to get there.
      env: {
        STORAGE_DRIVER: 'local',
        UPLOADS_DIR: uploads,
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      },
      build: (env, deps) => identity.buildApp(identity.loadIdentityConfig(env), deps),
    });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const login = (email: string, password: string, address: string) =>
    service.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  it('when strangers locked the account out, then user unlock lets the right password in again, and says so of an unknown address', async () => {
    const email = 'locked@example.com';
    const registered = await service.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: 'locked_out', email, password: PASSWORD, role: 'member' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await service.settle();
    const request = service.bus
      .ofType(EmailRequested.type)
      .find((e) => (e.data as { to: string }).to === email);
    const token = String((request!.data as { variables: { token: string } }).variables.token);
    expect(
      (await service.app.inject(`/auth/verify-email?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login(email, 'Wrong!pass1', `10.9.0.${i}`)).statusCode).toBe(401);
    const locked = await login(email, PASSWORD, '10.9.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('login_locked');

    const unlocked = await ops(['user', 'unlock', 'LOCKED@example.com'], {
      IDENTITY_DATABASE_URL: service.database.url,
    });
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect(unlocked.stdout).toContain('Unlocked locked@example.com');
    expect((await login(email, PASSWORD, '10.9.1.1')).statusCode).toBe(200);

    const nobody = await ops(['user', 'unlock', 'nobody@example.com', '--json'], {
      IDENTITY_DATABASE_URL: service.database.url,
    });
    expect(nobody.code).toBe(1);
    expect(nobody.json()).toEqual({ unlocked: false, email: 'nobody@example.com' });
  });
});
