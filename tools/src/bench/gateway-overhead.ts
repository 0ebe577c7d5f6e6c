import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../embedded/ports';
import { benchAmqpUrl, fmt, scratchDatabase } from './infra';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const autocannon = `${root}node_modules/autocannon/autocannon.js`;

interface LoadResult {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
}

/** The load generator runs as its own process, the same way for both targets. */
async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: string[] = [],
): Promise<LoadResult> {
  const headerArgs = headers.flatMap((h) => ['-H', h]);
  const { stdout } = await run(
    process.execPath,
    [autocannon, '-j', '-c', String(connections), '-d', String(seconds), ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** A demo account straight from identity (service token), logged in. */
async function demoToken(identityUrl: string): Promise<string> {
  const account = {
    email: `bench${Date.now()}@example.com`,
    username: `bench_${Date.now()}`,
    password: 'Bench!2026x',
  };
  await fetch(`${identityUrl}/internal/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-token': 'dev-service-token-change-me' },
    body: JSON.stringify({ ...account, verified: true }),
  });
  const response = await fetch(`${identityUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Starts a process of the distributed run and waits until its /ready answers. */
async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${root}${entry}`], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl, { signal: AbortSignal.timeout(1_000) })).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A service's /health directly vs through the gateway, both as their own processes of the
 * distributed run (RabbitMQ bus): same generator, connections and duration.
 */
export async function measureGatewayOverhead(options: { connections?: number; seconds?: number } = {}) {
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const database = await scratchDatabase('gateway');
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const barePort = await freePort();
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const common = {
    LOG_LEVEL: 'warn',
    AMQP_URL: benchAmqpUrl,
    JWKS_URL: `${serviceUrl}/.well-known/jwks.json`,
  };
  const service = await startProcess(
    'services/identity/src/main.ts',
    { ...common, PORT: String(servicePort), HOST: '127.0.0.1', DATABASE_URL: database.url },
    `${serviceUrl}/ready`,
  );
  const gateway = await startProcess(
    'gateway/src/main.ts',
    {
      ...common,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      IDENTITY_URL: serviceUrl,
      RATE_LIMIT_MAX: String(1_000_000_000),
    },
    `${gatewayUrl}/ready`,
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const bare = await startProcess(
    'tools/src/bench/bare-proxy.ts',
    { PORT: String(barePort), UPSTREAM_URL: serviceUrl },
    `${bareUrl}/ready`,
  );
  try {
    const directUrl = `${serviceUrl}/health`;
    const proxiedUrl = `${gatewayUrl}/api/v1/health/identity`;
    await load(directUrl, connections, 2);
    await load(proxiedUrl, connections, 2);
    const direct = await load(directUrl, connections, seconds);
    const proxied = await load(proxiedUrl, connections, seconds);
    const ratio = proxied.requestsPerSecond / direct.requestsPerSecond;
    // What any proxy gets here: two HTTP exchanges per request on cores the others share.
    await load(`${bareUrl}/health`, connections, 2);
    const bareProxied = await load(`${bareUrl}/health`, connections, seconds);
    const bareRatio = bareProxied.requestsPerSecond / direct.requestsPerSecond;

    // For comparison, a call that does real work: an authenticated list read from the database.
    const auth = [`authorization=Bearer ${await demoToken(serviceUrl)}`];
    const listDirect = await load(`${serviceUrl}/golfers?page=1&limit=4`, connections, seconds, auth);
    const listProxied = await load(`${gatewayUrl}/api/v1/golfers?page=1&limit=4`, connections, seconds, auth);
    const listRatio = listProxied.requestsPerSecond / listDirect.requestsPerSecond;
    const line = (label: string, r: LoadResult) =>
      `  ${label.padEnd(28)}${fmt(r.requestsPerSecond, 0).padStart(7)} req/s   p50 ${r.latencyP50} ms   p99 ${r.latencyP99} ms   non-2xx ${r.non2xx}`;
    return {
      direct,
      proxied,
      ratio,
      bareRatio,
      listRatio,
      report() {
        return [
          `Gateway overhead (autocannon, ${connections} connections, ${seconds} s each, gateway and identity as separate processes):`,
          line('/health direct', direct),
          line('/health via gateway', proxied),
          `  throughput ratio ${fmt(ratio, 2)}   (target ≥ 0.7)`,
          line('/health via a bare proxy', bareProxied),
          `  throughput ratio ${fmt(bareRatio, 2)}   (node:http + undici and nothing else: the most a Node proxy gets on this machine)`,
          line('GET /golfers direct', listDirect),
          line('GET /golfers via gateway', listProxied),
          `  throughput ratio ${fmt(listRatio, 2)}   (a call that reads the database, for comparison)`,
        ].join('\n');
      },
    };
  } finally {
    await stop(bare);
    await stop(gateway);
    await stop(service);
    await database.drop();
  }
}
