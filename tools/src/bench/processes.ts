import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform/edge';
import { freePort } from '../embedded/ports';
import { stopTree, track } from './children';
import { benchAmqpUrl } from './infra';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

export * from './loads';

/** The service token the processes of a bench run share (their configuration's default). */
export const BENCH_SERVICE_TOKEN = 'dev-service-token-change-me';

/** Ports and settings for one service and the gateway in front of it, as separate processes. */
export async function serviceAndGateway() {
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  return {
    servicePort,
    gatewayPort,
    serviceUrl,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    common: { LOG_LEVEL: 'warn', AMQP_URL: benchAmqpUrl(), JWKS_URL: `${serviceUrl}/.well-known/jwks.json` },
  };
}

/**
 * `BENCH_PROFILE_DIR=/tmp/prof npx tsx tools/src/bench/main.ts <part>` writes a CPU profile of each
 * process the part starts there when it stops (NODE_OPTIONS may not carry --cpu-prof).
 */
function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Starts a process of the distributed run and waits until its /ready answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // Its own process group, so that stopping it stops whatever it started too (see children.ts).
  const child = track(
    spawn(process.execPath, [...profileFlags(), '--import', 'tsx', `${root}${entry}`], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'ignore',
      detached: true,
    }),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl, { signal: AbortSignal.timeout(1_000) })).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopTree(child, { first: 'SIGKILL' });
  throw new Error(`${entry} did not become ready`);
}

/**
 * The gateway in front of identity (and any other upstream `upstreams` names, e.g. VENUES_URL), with
 * no rate limit to stand between the load and it.
 */
export function startGateway(
  common: Record<string, string>,
  port: number,
  identityUrl: string,
  upstreams: Record<string, string> = {},
) {
  return startProcess(
    'gateway/src/main.ts',
    {
      ...common,
      ...upstreams,
      PORT: String(port),
      HOST: '127.0.0.1',
      IDENTITY_URL: identityUrl,
      RATE_LIMIT_MAX: String(1_000_000_000),
    },
    `http://127.0.0.1:${port}/ready`,
  );
}

/**
 * The bare proxy (bare-proxy.ts) in front of `upstreamUrl` as its own process: the gateway's public
 * paths (less `stripPrefix`) reach the same upstream routes through it, at the machine's ceiling.
 */
export async function startBareProxy(upstreamUrl: string, stripPrefix = '/api/v1') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    'tools/src/bench/bare-proxy.ts',
    { PORT: String(port), UPSTREAM_URL: upstreamUrl, STRIP_PREFIX: stripPrefix },
    `${url}/__bare/ready`,
  );
  return { child, url };
}

/**
 * One service and the gateway in front of it as separate processes, identity's part answered at
 * `identityUrl` (the bench's `keysAndVersions`): the service starts (and so migrates its database),
 * `seed` fills it, then the gateway starts with `upstream` (its setting for the service, e.g.
 * ADMIN_URL) pointing at it. If a step fails, what had started is stopped before the error goes on.
 */
export async function startServiceWithGateway<T>(options: {
  entry: string;
  upstream: string;
  databaseUrl: string;
  identityUrl: string;
  /** The service's own settings beyond port, host and database. */
  env?: Record<string, string>;
  seed: () => Promise<T>;
}) {
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const common = {
    LOG_LEVEL: 'warn',
    AMQP_URL: benchAmqpUrl(),
    JWKS_URL: `${options.identityUrl}/.well-known/jwks.json`,
    SERVICE_TOKEN: BENCH_SERVICE_TOKEN,
  };
  const service = await startProcess(
    options.entry,
    {
      ...common,
      ...options.env,
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
    },
    `${serviceUrl}/ready`,
  );
  try {
    const seedStarted = performance.now();
    const seeded = await options.seed();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const gateway = await startGateway(common, gatewayPort, options.identityUrl, {
      [options.upstream]: serviceUrl,
    });
    return {
      service,
      gateway,
      serviceUrl,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      seeded,
      seedSeconds,
    };
  } catch (err) {
    await stop(service);
    throw err;
  }
}

/** SIGTERM to the process's group, SIGKILL to what is left of it after a grace period. */
export function stop(child: ChildProcess): Promise<void> {
  return stopTree(child);
}

/** A verified account made straight at identity (service token); `beforeLogin` runs before it logs in. */
export async function benchAccount(
  identityUrl: string,
  beforeLogin: (userId: number) => Promise<void> = async () => {},
): Promise<{ id: number; token: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = { email: `bench${stamp}@example.com`, username: `bench_${stamp}`, password: 'Bench!2026x' };
  const created = await fetch(`${identityUrl}/internal/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: BENCH_SERVICE_TOKEN },
    body: JSON.stringify({ ...account, verified: true }),
  });
  const { user } = (await created.json()) as { user: { id: number } };
  await beforeLogin(user.id);
  const response = await fetch(`${identityUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return { id: user.id, token: ((await response.json()) as { token: string }).token };
}

/**
 * CPU time (ms) a process has used so far, all its threads; NaN where /proc is not there to ask.
 * Read from each thread's run time in /proc/<pid>/task/<tid>/schedstat, in nanoseconds, so that a
 * few milliseconds over a window (an idle process, a slow paced rate) count exactly; the process's
 * user + system time in /proc/<pid>/stat comes in 10 ms ticks, too coarse for that. The stat figure
 * also keeps threads that have ended, which the threads' sum no longer holds: the larger of the two
 * is taken, so a thread that ended is counted at least to the tick.
 */
export function cpuMs(pid: number | undefined): number {
  let ticks: number;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
  let threadsNs = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        threadsNs += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  } catch {
    return ticks;
  }
  const threadsMs = threadsNs / 1e6;
  return Number.isFinite(threadsMs) ? Math.max(threadsMs, ticks) : ticks;
}

/**
 * What the gateway asks identity for, answered by the bench: the keys the bench signs its tokens
 * with, nobody's tokens revoked and no membership changed. identity itself has no part in listing or joining.
 */
export async function keysAndVersions(jwks: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const body =
      req.url === '/.well-known/jwks.json'
        ? jwks
        : req.url === '/internal/token-versions'
          ? { versions: [] }
          : req.url === '/internal/membership-claims'
            ? { memberships: [] }
            : null;
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
