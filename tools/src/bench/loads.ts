import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { Pool } from 'undici';
import { percentile } from './infra';

/** Load generators of the bench: autocannon, steady rates, flat-out workers, statements on PostgreSQL. */
const run = promisify(execFile);
const autocannon = fileURLToPath(new URL('../../../node_modules/autocannon/autocannon.js', import.meta.url));

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
}

/** autocannon against one URL, its connections flat out, as its own process, the same way for every target. */
export async function load(
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
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * Calls `send` at a steady `rate`, each call when it is due whether or not earlier ones have
 * finished, so the latency is what someone arriving at that rate waits; it is counted from when the
 * call was due, so a late start counts too. (autocannon's own rate limit sends each second's share
 * in a burst at the start of the second, which measures the burst, not the rate.)
 */
export async function atSteadyRate(
  rate: number,
  seconds: number,
  send: () => Promise<boolean>,
): Promise<LoadResult> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const calls: Promise<void>[] = [];
  let failed = 0;
  const call = (due: number) =>
    send().then((ok) => {
      if (!ok) failed++;
      latencies.push(performance.now() - due);
    });
  const start = performance.now();
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    for (; sent < total && start + sent * interval <= now; sent++) calls.push(call(start + sent * interval));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(calls);
  return summarise(latencies, (performance.now() - start) / 1000, failed);
}

/** `connections` workers calling `run` back to back for `seconds`. */
export async function flatOut(
  run: () => Promise<unknown>,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000);
}

/** `run` at a steady `rate` when one is given (see `atSteadyRate`), otherwise flat out. */
export function drive(
  run: () => Promise<unknown>,
  load: { connections: number; seconds: number; rate?: number },
): Promise<LoadResult> {
  if (load.rate)
    return atSteadyRate(load.rate, load.seconds, async () => {
      await run();
      return true;
    });
  return flatOut(run, load.connections, load.seconds);
}

/** A service's database pool when DB_POOL_MAX is not set: the direct SQL gets the same. */
export const SERVICE_POOL_SIZE = 5;

/** A statement as text and parameters, exactly as a service sends it to PostgreSQL. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statement run straight on PostgreSQL on a pool the size of the service's, warmed first on
 * every connection (each prepares its plan), then flat out or at a steady rate: the same work the
 * service does, without the service.
 */
export async function loadStatement(
  url: string,
  statement: Statement,
  load: { connections: number; seconds: number; rate?: number },
  poolSize = SERVICE_POOL_SIZE,
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'lmbench-sql' });
  // The bench database's drop may end a session pool.end() left closing.
  pool.on('error', () => {});
  const run = () => pool.query(statement.text, statement.values);
  try {
    await Promise.all(
      Array.from({ length: poolSize }, async () => {
        for (let i = 0; i < 10; i++) await run();
      }),
    );
    return await drive(run, load);
  } finally {
    await pool.end();
  }
}

/** GET requests to `url` at a steady rate (see `atSteadyRate`). */
export async function paced(
  url: string,
  rate: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 256 });
  try {
    return await atSteadyRate(rate, seconds, async () => {
      const response = await pool.request({
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers,
      });
      await response.body.dump();
      return response.statusCode < 300;
    });
  } finally {
    await pool.close();
  }
}

/** A load's figures from each request's latency (ms) and how long it ran. */
export function summarise(latencies: number[], elapsedSeconds: number, non2xx = 0): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    requestsPerSecond: sorted.length / elapsedSeconds,
    latencyP50: Number(percentile(sorted, 50).toFixed(1)),
    latencyP99: Number(percentile(sorted, 99).toFixed(1)),
    non2xx,
  };
}

export const loadLine = (label: string, r: LoadResult, width = 28) =>
  `  ${label.padEnd(width)}${Math.round(r.requestsPerSecond).toString().padStart(7)} req/s   p50 ${r.latencyP50} ms   p99 ${r.latencyP99} ms   non-2xx ${r.non2xx}`;
