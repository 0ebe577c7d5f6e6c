import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalVerifier } from '@linksmate/platform';
import {
  createTestAuth,
  eventually,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { EventEnvelope, Role } from '@linksmate/proto';
import type pg from 'pg';
import { buildApp, loadVenuesCoachesConfig, migrationsFolder } from '../src';

export const SERVICE_TOKEN = 'venues-test-service-token';
export const PASSWORD = 'Str0ng!pass';

interface StandInAccount {
  id: number;
  email: string;
  password: string;
  role: string;
  /** The names the person gave the account (identity stores what it is made with, or later edits). */
  first_name: string | null;
  last_name: string | null;
}

interface RecordedCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * What identity does next with an account request, beyond its contract's usual answers: answer
 * late (after making the account, as a slow identity would), fail with a 500 after making it, or
 * refuse with the given answer.
 */
type NextCreate =
  | { kind: 'late'; ms: number }
  | { kind: 'fail-after-making' }
  | { kind: 'refuse'; status: number; body: Record<string, unknown> };

/**
 * identity's `/internal/accounts` and `/internal/accounts/withdraw` as its contract describes them
 * (CreateAccountBody, WithdrawAccountBody), over real HTTP, recording each call. venues-coaches'
 * tests may not start identity itself (services do not import each other); the real identity is
 * exercised with venues-coaches in tools/test/profile-claims-integration.test.ts.
 */
export class IdentityStandIn {
  readonly calls: RecordedCall[] = [];
  readonly accounts = new Map<string, StandInAccount>();
  /** Owners identity mailed because a claim tried their address (`when_taken: 'mail_owner'`). */
  readonly mailedOwners: string[] = [];
  private readonly upcoming: NextCreate[] = [];
  /** Whether role grants fail (identity down) instead of answering. */
  failGrants = false;
  /** Whether asking for account names fails (identity down) instead of answering. */
  failNames = false;
  private nextId = 500;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Makes the next account request behave so. */
  next(behaviour: NextCreate): void {
    this.upcoming.push(behaviour);
  }

  account(email: string): StandInAccount | undefined {
    return this.accounts.get(email.toLowerCase());
  }

  /** An account made before, as registration would. */
  existing(email: string): void {
    this.accounts.set(email.toLowerCase(), {
      id: this.nextId++,
      email,
      password: PASSWORD,
      role: 'member',
      first_name: null,
      last_name: null,
    });
  }

  /** The person names their account, as on their profile page. */
  rename(email: string, first_name: string, last_name: string): void {
    Object.assign(this.account(email)!, { first_name, last_name });
  }

  callsTo(path: string): RecordedCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const path = req.url ?? '';
    this.calls.push({ path, headers: req.headers, body });
    const send = (status: number, answer: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    if (req.headers['x-service-token'] !== SERVICE_TOKEN)
      return send(401, { error: 'Service token required', code: 'service_token_required' });
    const grant = /^\/internal\/users\/(\d+)\/grant-role$/.exec(path);
    if (grant) {
      if (this.failGrants) return send(500, { error: 'Internal server error' });
      const account = [...this.accounts.values()].find((a) => a.id === Number(grant[1]));
      if (account && account.role === 'member') account.role = String(body.role);
      return send(200, { user_id: Number(grant[1]), role: body.role });
    }
    if (path === '/internal/accounts/names') {
      if (this.failNames) return send(500, { error: 'Internal server error' });
      const ids = body.user_ids as number[];
      return send(200, {
        accounts: [...this.accounts.values()]
          .filter((a) => ids.includes(a.id))
          .map(({ id, first_name, last_name }) => ({ id, first_name, last_name })),
      });
    }
    const email = String(body.email);
    const key = email.toLowerCase();

    if (path === '/internal/accounts/withdraw') {
      const account = this.accounts.get(key);
      if (!account || account.password !== body.password) return send(200, { withdrawn: false });
      this.accounts.delete(key);
      return send(200, { withdrawn: true });
    }
    if (path !== '/internal/accounts') return send(404, { error: 'Not found' });

    const behaviour = this.upcoming.shift();
    if (behaviour?.kind === 'refuse') return send(behaviour.status, behaviour.body);
    if (this.accounts.has(key) && body.when_taken === 'mail_owner') {
      this.mailedOwners.push(key);
      return send(202, { taken: true, placeholder_user_id: this.nextId++ });
    }
    if (this.accounts.has(key))
      return send(409, {
        error: 'An account with this email already exists.',
        code: 'account_exists',
        errors: { email: 'An account with this email already exists.' },
      });
    const account = {
      id: this.nextId++,
      email,
      password: String(body.password),
      role: String(body.role),
      first_name: (body.first_name as string | undefined) ?? null,
      last_name: (body.last_name as string | undefined) ?? null,
    };
    this.accounts.set(key, account);
    if (behaviour?.kind === 'fail-after-making') return send(500, { error: 'Internal server error' });
    if (behaviour?.kind === 'late') await new Promise((resolve) => setTimeout(resolve, behaviour.ms));
    send(201, { user: { id: account.id, username: `claimant${account.id}`, email } });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** venues-coaches on a fresh database, identity's stand-in beside it, and helpers that speak its API. */
export class VenuesUnderTest {
  readonly pool: pg.Pool;

  private nextUserId = 9000;

  constructor(
    readonly service: ServiceUnderTest,
    readonly identity: IdentityStandIn,
    readonly auth: TestAuth,
  ) {
    this.pool = testPool(service.database.url, 3);
  }

  get app() {
    return this.service.app;
  }

  /** A signed-in person's token with the role (signed by the key the service trusts). */
  token(role: Role): Promise<string> {
    return this.auth.tokenFor(this.nextUserId++, role);
  }

  claim(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.app.inject({ method: 'POST', url: '/claim-profile', payload: body, headers });
  }

  /** A claim of the profile for `email`, with a password identity accepts (any value, to be refused too). */
  claimAs(entityType: unknown, entityId: unknown, email: unknown) {
    return this.claim({ entityType, entityId, email, password: PASSWORD });
  }

  async coach(fields: { first_name?: string; last_name?: string; user_id?: number | null } = {}) {
    const { rows } = await this.pool.query<{ id: number }>(
      'insert into coaches (first_name, last_name, user_id, email) values ($1, $2, $3, $4) returning id',
      [
        fields.first_name ?? 'Casey',
        fields.last_name ?? 'Putter',
        fields.user_id ?? null,
        'coach@example.com',
      ],
    );
    return rows[0]!.id;
  }

  private venues = 0;
  async venue(fields: { review_status?: string; is_active?: boolean } = {}) {
    const n = ++this.venues;
    const { rows } = await this.pool.query<{ id: number }>(
      `insert into venues (name, slug, state, review_status, is_active) values ($1, $2, 'VIC', $3, $4) returning id`,
      [`Test Links ${n}`, `test-links-${n}`, fields.review_status ?? 'approved', fields.is_active ?? true],
    );
    return rows[0]!.id;
  }

  async addClaim(
    entityType: 'coach' | 'venue',
    entityId: number,
    status: 'pending' | 'approved' | 'rejected',
  ) {
    await this.pool.query(
      `insert into profile_claims (entity_type, entity_id, contact_email, status) values ($1, $2, 'earlier@example.com', $3)`,
      [entityType, entityId, status],
    );
  }

  async claims(entityType: string, entityId: number) {
    const { rows } = await this.pool.query(
      'select id, user_id, contact_email, status from profile_claims where entity_type = $1 and entity_id = $2 order by id',
      [entityType, entityId],
    );
    return rows;
  }

  async published(type: string): Promise<EventEnvelope[]> {
    await this.service.settle();
    return this.service.bus.ofType(type);
  }

  waitFor<T>(check: () => T | Promise<T>) {
    return eventually(check);
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.identity.close();
  }
}

export async function startVenues(env: Record<string, string> = {}): Promise<VenuesUnderTest> {
  const identity = new IdentityStandIn();
  await identity.start();
  const auth = await createTestAuth();
  const service = await startServiceUnderTest({
    name: 'venues-coaches',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: { SERVICE_TOKEN, IDENTITY_URL: identity.url, IDENTITY_TIMEOUT_MS: '400', ...env },
    build: (e, deps) => buildApp(loadVenuesCoachesConfig(e), deps),
  });
  return new VenuesUnderTest(service, identity, auth);
}
