import { randomBytes } from 'node:crypto';
import { hashPassword } from '@linksmate/identity';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type { ServerToClientEvents } from '@linksmate/proto';
import { io, type Socket } from 'socket.io-client';
import type { Cluster } from './cluster';

export const PASSWORD = 'Cluster!2026x';
let passwordHash: Promise<string> | undefined;

export interface Person {
  id: number;
  email: string;
  username: string;
  token: string;
}

/** Retries `attempt` every 200 ms until it returns a value, for as long as `what` may take. */
export async function eventually<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (${String(last ?? '')})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function api(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the scenarios read answers of many shapes, checked by their assertions
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    membership_status?: string | null;
  };

export async function login(cluster: Cluster, email: string, member: boolean): Promise<string> {
  return eventually(`login of ${email}`, async () => {
    const { status, body } = await api(cluster.url, 'POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    if (status !== 200) throw new Error(`login ${status} ${JSON.stringify(body)}`);
    // A membership granted reaches identity's claims as an event: until then log in again.
    if (member && claimsOf(body.token).membership_status !== 'active') return undefined;
    return body.token as string;
  });
}

/**
 * People as the platform makes them (identity's `/internal/accounts`, verified), members with an
 * annual membership granted by payments, each logged in through the front once every service that
 * needs to has heard of them.
 */
export async function makePeople(
  cluster: Cluster,
  label: string,
  count: number,
  options: { role?: 'member' | 'admin'; member?: boolean } = {},
): Promise<Person[]> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const stamp = randomBytes(3).toString('hex');
  const made = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const username = `${label}_${stamp}_${i}`;
      const email = `${username}@cluster.linksmate.dev`;
      const { status, body } = await api(cluster.serviceUrls.identity, 'POST', '/internal/accounts', {
        headers: { [SERVICE_TOKEN_HEADER]: cluster.serviceToken },
        body: {
          email,
          username,
          password_hash: hash,
          verified: true,
          role: options.role ?? 'member',
          first_name: label,
          last_name: String(i),
        },
      });
      if (status !== 201) throw new Error(`account ${email}: ${status} ${JSON.stringify(body)}`);
      return { id: body.user.id as number, email, username };
    }),
  );
  const member = options.member ?? true;
  if (member)
    await eventually('memberships granted', async () => {
      const { status, body } = await api(
        cluster.serviceUrls['membership-payments'],
        'POST',
        '/internal/memberships/grant-bulk',
        {
          headers: { [SERVICE_TOKEN_HEADER]: cluster.serviceToken },
          body: { user_ids: made.map((p) => p.id), membership_type: 'annual' },
        },
      );
      if (status !== 200) throw new Error(`grant ${status} ${JSON.stringify(body)}`);
      return true;
    });
  // Logins cost identity a password hash each: a few at a time.
  const people: Person[] = [];
  for (let i = 0; i < made.length; i += 4)
    people.push(
      ...(await Promise.all(
        made.slice(i, i + 4).map(async (p) => ({ ...p, token: await login(cluster, p.email, member) })),
      )),
    );
  return people;
}

/** A socket.io client as the web opens one (websocket, token in the handshake's auth). */
export function openSocket(
  base: string,
  token: string,
  options: { reconnection?: boolean } = {},
): Promise<Socket<ServerToClientEvents>> {
  return new Promise((resolve, reject) => {
    const socket: Socket<ServerToClientEvents> = io(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      timeout: 20_000,
    });
    const timer = setTimeout(() => reject(new Error('socket did not connect within 30 s')), 30_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      if (options.reconnection) return;
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Resolves once `check` holds, polled every 100 ms; fails after `timeoutMs`. */
export async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}

/** One line of figures per scenario, for the log. */
export function figures(scenario: string, values: Record<string, unknown>): void {
  console.log(`[replica tier] ${scenario} ${JSON.stringify(values)}`);
}
