import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalVerifier } from '@linksmate/platform';
import {
  eventually,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  testPool,
} from '@linksmate/platform/testing';
import { type EventEnvelope, LINK_VALIDITY, REFRESH_COOKIE_NAME } from '@linksmate/proto';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp, loadIdentityConfig, migrationsFolder } from '../src';
import * as schema from '../src/db/schema';

export const PASSWORD = 'Str0ng!pass';
export { LINK_VALIDITY };

export const SERVICE_TOKEN = 'identity-test-service-token';

export async function startIdentity(env: Record<string, string> = {}): Promise<IdentityUnderTest> {
  // Uploads of each test file go to a folder of its own, never into the repository's .data.
  const uploadsDir = mkdtempSync(join(tmpdir(), 'lm-identity-uploads-'));
  const service = await startServiceUnderTest({
    name: 'identity',
    migrationsFolder,
    logger: silentLogger(),
    env: { SERVICE_TOKEN, STORAGE_DRIVER: 'local', UPLOADS_DIR: uploadsDir, ...env },
    build: (e, deps) => buildApp(loadIdentityConfig(e), deps),
  });
  return new IdentityUnderTest(service, uploadsDir);
}

/** identity on a fresh database, with helpers that speak its API as a client would. */
export class IdentityUnderTest {
  readonly pool: pg.Pool;
  readonly db;

  constructor(
    readonly service: ServiceUnderTest,
    readonly uploadsDir: string,
  ) {
    this.pool = testPool(service.database.url, 2);
    this.db = drizzle({ client: this.pool, schema });
  }

  get app() {
    return this.service.app;
  }
  get bus() {
    return this.service.bus;
  }
  get clock() {
    return this.service.clock;
  }

  post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    return this.app.inject({ method: 'POST', url, payload: payload as object, headers });
  }

  get(url: string, token?: string) {
    return this.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  register(username: string, email: string, password = PASSWORD) {
    return this.post('/auth/register', { username, email, password, role: 'member' });
  }

  login(email: string, password = PASSWORD, address = '10.0.0.1', device?: string) {
    return this.post(
      '/auth/login',
      { email, password },
      { 'x-forwarded-for': address, ...(device ? { 'x-device-id': device } : {}) },
    );
  }

  /** The token variable of the newest mail request of a template to an address. */
  async linkToken(email: string, template: 'verify-email' | 'reset-password'): Promise<string> {
    await this.service.settle();
    const requests = this.bus
      .ofType('notifications.email.requested')
      .filter(
        (e) =>
          (e.data as { to: string; template: string }).to === email &&
          (e.data as { template: string }).template === template,
      );
    const last = requests.at(-1);
    if (!last) throw new Error(`no ${template} mail requested for ${email}`);
    return String((last.data as { variables: { token: string } }).variables.token);
  }

  async mailRequests(email: string, template?: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.bus.ofType('notifications.email.requested').filter((e) => {
      const data = e.data as { to: string; template: string };
      return data.to === email && (!template || data.template === template);
    });
  }

  /** The refresh token an answer set in its cookie (undefined when it set none, '' when it cleared it). */
  static refreshCookie(res: { headers: Record<string, unknown> }): string | undefined {
    const header = res.headers['set-cookie'];
    const cookies = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
    const ours = cookies.find((c: string) => c.startsWith(`${REFRESH_COOKIE_NAME}=`));
    return ours?.slice(REFRESH_COOKIE_NAME.length + 1).split(';')[0];
  }

  /** POST with the session cookie (and a bearer token, if given), as the browser sends them. */
  withSession(url: string, refresh: string | undefined, options: { token?: string; payload?: object } = {}) {
    return this.app.inject({
      method: 'POST',
      url,
      payload: options.payload ?? {},
      headers: {
        ...(refresh ? { cookie: `${REFRESH_COOKIE_NAME}=${refresh}` } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
  }

  refresh(refresh: string | undefined) {
    return this.withSession('/auth/refresh', refresh);
  }

  async verifiedUser(
    username: string,
    email: string,
    password = PASSWORD,
  ): Promise<{ id: number; token: string; refresh: string }> {
    const registered = await this.register(username, email, password);
    if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
    const verified = await this.get(
      `/auth/verify-email?token=${encodeURIComponent(await this.linkToken(email, 'verify-email'))}`,
    );
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    const login = await this.login(email, password);
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return {
      id: registered.json().user.id,
      token: login.json().token,
      refresh: IdentityUnderTest.refreshCookie(login)!,
    };
  }

  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.bus.ofType(type);
  }

  async verifier() {
    const jwks = (await this.get('/.well-known/jwks.json')).json();
    return createLocalVerifier(jwks);
  }

  async setUser(id: number, changes: Partial<typeof schema.users.$inferInsert>) {
    await this.db.update(schema.users).set(changes).where(eq(schema.users.id, id));
  }

  async count(table: 'users' | 'login_attempts'): Promise<number> {
    const result = await this.pool.query(`select count(*)::int as n from ${table}`);
    return result.rows[0].n;
  }

  waitFor(check: () => void | Promise<void>) {
    return eventually(check);
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    rmSync(this.uploadsDir, { recursive: true, force: true });
  }
}

export { sql };
