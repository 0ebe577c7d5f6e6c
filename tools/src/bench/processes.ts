import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const root = fileURLToPath(new URL('../../../', import.meta.url));
const autocannon = `${root}node_modules/autocannon/autocannon.js`;

/** The service token the processes of a bench run share (their configuration's default). */
export const BENCH_SERVICE_TOKEN = 'dev-service-token-change-me';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
}

/**
 * autocannon against one URL, as its own process, the same way for every target. `rate` caps the
 * offered load (requests per second over all connections); without it the connections go flat out.
 */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: string[] = [],
  rate?: number,
): Promise<LoadResult> {
  const headerArgs = headers.flatMap((h) => ['-H', h]);
  const rateArgs = rate ? ['-R', String(rate)] : [];
  const { stdout } = await run(
    process.execPath,
    [autocannon, '-j', '-c', String(connections), '-d', String(seconds), ...rateArgs, ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** Starts a process of the distributed run and waits until its /ready answers. */
export async function startProcess(
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

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
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
    headers: { 'content-type': 'application/json', 'x-service-token': BENCH_SERVICE_TOKEN },
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

export const loadLine = (label: string, r: LoadResult, width = 28) =>
  `  ${label.padEnd(width)}${Math.round(r.requestsPerSecond).toString().padStart(7)} req/s   p50 ${r.latencyP50} ms   p99 ${r.latencyP99} ms   non-2xx ${r.non2xx}`;

/** CPU time (user + system, ms) a process has used so far; NaN where /proc is not there to ask. */
export function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
