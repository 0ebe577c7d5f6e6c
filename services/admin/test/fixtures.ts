import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalVerifier } from '@linksmate/platform';
import {
  createTestAuth,
  foreignEvent,
  type ServiceUnderTest,
  silentLogger,
  startServiceUnderTest,
  type TestAuth,
  testPool,
} from '@linksmate/platform/testing';
import type { InternalUserReply, Role } from '@linksmate/proto';
import type pg from 'pg';
import { buildApp, loadAdminConfig, migrationsFolder } from '../src';

export const SERVICE_TOKEN = 'admin-test-service-token';

interface RecordedCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

type Account = InternalUserReply;

/**
 * identity's `/internal/users/*` and payments' `/internal/memberships/grant-bulk` as their contracts
 * describe them (api/admin.ts, api/payments.ts), over real HTTP, recording each call. The admin
 * service's tests may not start those services (services do not import each other); the real ones
 * are exercised with admin in tools/test/admin-integration.test.ts.
 */
export class OwnersStandIn {
  readonly calls: RecordedCall[] = [];
  readonly accounts = new Map<number, Account>();
  /** What the next call answers instead of its contract's usual answer. */
  private readonly refusals: Array<{ status: number; body: Record<string, unknown> }> = [];
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  refuseNext(status: number, body: Record<string, unknown>): void {
    this.refusals.push({ status, body });
  }

  callsTo(suffix: string): RecordedCall[] {
    return this.calls.filter((c) => c.path.endsWith(suffix));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const path = req.url ?? '';
    this.calls.push({ method: req.method ?? '', path, body });
    const send = (status: number, answer: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    if (req.headers['x-service-token'] !== SERVICE_TOKEN)
      return send(401, { error: 'Service token required' });
    const refusal = this.refusals.shift();
    if (refusal) return send(refusal.status, refusal.body);

    if (path === '/internal/memberships/grant-bulk') {
      const granted = (body.user_ids as number[]).map((user_id) => ({
        user_id,
        membership: {
          type: body.membership_type,
          status: 'active',
          plan_id: null,
          trial_ends_at: null,
          current_period_ends_at: null,
          ends_at: body.membership_type === 'lifetime' ? null : '2027-01-01T00:00:00.000Z',
          cancel_at_period_end: false,
          source: 'grant',
          provider_subscription_id: null,
          provider_customer_id: null,
        },
      }));
      return send(200, { granted });
    }
    const match = /^\/internal\/users\/(\d+)\/([a-z-]+)$/.exec(path);
    const account = match ? this.accounts.get(Number(match[1])) : undefined;
    if (!match || !account) return send(404, { error: 'User not found', code: 'user_not_found' });
    if (body.actor_user_id === account.user_id && ['ban', 'role', 'delete'].includes(match[2]!))
      return send(409, { error: 'You cannot do this to your own account.', code: 'not_yourself' });
    const changed = (changes: Partial<Account>) => {
      const next = { ...account, ...changes, version: account.version + 1 };
      this.accounts.set(account.user_id, next);
      return send(200, next);
    };
    switch (match[2]) {
      case 'ban':
        return changed({ banned: true, ban_reason: (body.reason as string | null) ?? null });
      case 'unban':
        return changed({ banned: false, ban_reason: null });
      case 'role':
        return changed({ role: body.role as Role });
      case 'delete':
        this.accounts.delete(account.user_id);
        return send(200, { deleted: true });
      default:
        return send(200, account);
    }
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** admin on a fresh database, the owners' stand-in beside it, and helpers that speak its API. */
export class AdminUnderTest {
  readonly pool: pg.Pool;
  private nextUserId = 1000;

  constructor(
    readonly service: ServiceUnderTest,
    readonly auth: TestAuth,
    readonly owners: OwnersStandIn,
  ) {
    this.pool = testPool(service.database.url, 3);
  }

  get app() {
    return this.service.app;
  }

  /** A token of someone with the role (not in the directory unless `person` adds them). */
  token(role: Role, userId = 1): Promise<string> {
    return this.auth.tokenFor(userId, role, { membership_status: null, membership_ends_at: null });
  }

  /**
   * A person as identity's events leave them in the directory, and known to identity's stand-in.
   * `createdAt` orders the list; `membership` is payments' snapshot, when they have one.
   */
  async person(
    fields: Partial<Omit<Account, 'user_id' | 'version'>> & {
      membership?: { type: string; status: string };
    } = {},
  ): Promise<Account> {
    const id = this.nextUserId++;
    const account: Account = {
      user_id: id,
      username: fields.username ?? `golfer${id}`,
      email: fields.email ?? `golfer${id}@example.com`,
      first_name: fields.first_name ?? 'Test',
      last_name: fields.last_name ?? `Golfer${id}`,
      role: fields.role ?? 'member',
      banned: fields.banned ?? false,
      ban_reason: fields.ban_reason ?? null,
      created_at: fields.created_at ?? new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
      last_login_at: fields.last_login_at ?? null,
      version: 1,
    };
    await this.deliver('identity.user.registered', snapshot(account));
    if (fields.membership)
      await this.deliver(
        'payments.membership.changed',
        {
          user_id: id,
          membership: {
            type: fields.membership.type,
            status: fields.membership.status,
            plan_id: null,
            trial_ends_at: null,
            current_period_ends_at: null,
            ends_at: null,
            cancel_at_period_end: false,
            source: 'grant',
            provider_subscription_id: null,
            provider_customer_id: null,
          },
          changed_at: new Date().toISOString(),
          version: 1,
        },
        'membership-payments',
      );
    this.owners.accounts.set(id, account);
    return account;
  }

  /** Many people at once, straight into the directory (the export's volume). */
  async manyPeople(count: number): Promise<void> {
    await this.pool.query(
      `insert into directory_users (id, username, email, first_name, last_name, role, created_at, user_version)
       select 100000 + n, 'bulk' || n, 'bulk' || n || '@example.com', 'Bulk', 'Person ' || n, 'member',
              timestamptz '2025-01-01' + n * interval '1 minute', 1
       from generate_series(1, $1) as n`,
      [count],
    );
  }

  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  /** Hands another context's event to admin's consumers, as the bus would, and waits until handled. */
  deliver(type: string, data: Record<string, unknown>, source = 'identity'): Promise<void> {
    return this.service.deliver(foreignEvent(type, data, source));
  }

  async audit(action: string) {
    const { rows } = await this.pool.query(
      'select actor_user_id, actor_role, target_user_id, details, outcome from audit_entries where action = $1 order by id',
      [action],
    );
    return rows;
  }

  async close() {
    await this.pool.end();
    await this.service.close();
    await this.owners.close();
  }
}

/** identity's snapshot of an account, as its events carry it. */
export function snapshot(account: Account): Record<string, unknown> {
  return {
    user_id: account.user_id,
    username: account.username,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    profile_image_url: null,
    role: account.role,
    skill_level: null,
    manual_handicap: null,
    availability_status: null,
    is_profile_visible: true,
    email_verified: true,
    banned: account.banned,
    created_at: account.created_at,
    last_login_at: account.last_login_at,
    token_version: 0,
    version: account.version,
  };
}

export async function startAdmin(): Promise<AdminUnderTest> {
  const auth = await createTestAuth();
  const owners = new OwnersStandIn();
  await owners.start();
  const service = await startServiceUnderTest({
    name: 'admin',
    migrationsFolder,
    logger: silentLogger(),
    verifier: createLocalVerifier(auth.signer.jwks()),
    env: { SERVICE_TOKEN, IDENTITY_URL: owners.url, PAYMENTS_URL: owners.url, INTERNAL_TIMEOUT_MS: '3000' },
    build: (env, deps) => buildApp(loadAdminConfig(env), deps),
  });
  return new AdminUnderTest(service, auth, owners);
}
