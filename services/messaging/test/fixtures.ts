import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalVerifier, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import {
  createTestAuth,
  foreignEvent,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { EventEnvelope, Role } from '@linksmate/proto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp, loadMessagingConfig, migrationsFolder } from '../src';
import * as schema from '../src/db/schema';

export const SERVICE_TOKEN = 'messaging-test-service-token';

export interface Person {
  id: number;
  token: string;
}

/** messaging on a fresh database, with helpers that speak its API and feed its projections. */
export async function startMessaging(env: Record<string, string> = {}): Promise<MessagingUnderTest> {
  const auth = await createTestAuth();
  // Uploads in a folder of this test file, never the repository's .data.
  const uploadsDir = mkdtempSync(join(tmpdir(), 'lm-messaging-uploads-'));
  const service = await startServiceUnderTest({
    name: 'messaging',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: {
      SERVICE_TOKEN,
      SMTP_URL: 'smtp://127.0.0.1:1',
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: uploadsDir,
      ...env,
    },
    build: (env, deps) => buildApp(loadMessagingConfig(env), deps),
  });
  return new MessagingUnderTest(service, auth, uploadsDir);
}

export class MessagingUnderTest {
  readonly pool: pg.Pool;
  readonly db;
  private nextUserId = 2000;
  private nextEventId = 500;

  constructor(
    readonly service: ServiceUnderTest,
    readonly auth: TestAuth,
    readonly uploadsDir: string,
  ) {
    this.pool = testPool(service.database.url, 4);
    this.db = drizzle({ client: this.pool, schema });
  }

  get app() {
    return this.service.app;
  }

  /** A person known to messaging (as identity's events leave them) with a real signed token. */
  async person(options: { role?: Role; member?: boolean; firstName?: string; lastName?: string } = {}) {
    const id = this.nextUserId++;
    const role = options.role ?? 'member';
    await this.db.insert(schema.users).values({
      id,
      username: `golfer${id}`,
      email: `golfer${id}@example.com`,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `Golfer ${id}`,
      role,
      version: 1,
    });
    const member = options.member ?? true;
    const token = await this.auth.tokenFor(id, role, {
      membership_status: member ? 'active' : null,
      membership_ends_at: null,
    });
    return { id, token } satisfies Person;
  }

  /** An event known to messaging, with its creator and confirmed players. */
  async event(creatorId: number, players: number[] = [], title = 'Saturday Stableford'): Promise<number> {
    const id = this.nextEventId++;
    await this.db.insert(schema.chatEvents).values({
      id,
      title,
      eventType: 'member_game',
      status: 'open',
      startTime: new Date(Date.now() + 3 * 86_400_000),
      creatorUserId: creatorId,
      version: 1,
    });
    for (const userId of players)
      await this.db
        .insert(schema.eventMembers)
        .values({ eventId: id, userId, confirmed: true, changedAt: new Date() });
    return id;
  }

  private inject(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) {
    return this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }
  get(url: string, token?: string) {
    return this.inject('GET', url, undefined, token);
  }
  post(url: string, payload: unknown, token?: string) {
    return this.inject('POST', url, payload ?? {}, token);
  }
  internal(url: string) {
    return this.app.inject({ method: 'GET', url, headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN } });
  }

  /**
   * Hands another context's event to messaging's consumers, as the bus would, and waits until they
   * have handled it (its id in their inbox): projections are applied a moment after the event.
   */
  deliver(type: string, data: Record<string, unknown>, source = 'identity'): Promise<void> {
    return this.service.deliver(foreignEvent(type, data, source));
  }

  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus.ofType(type);
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.auth.close();
    rmSync(this.uploadsDir, { recursive: true, force: true });
  }
}
