import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { atInterrupt } from './children';

const execFileAsync = promisify(execFile);

/** Where benchmarks find PostgreSQL and RabbitMQ: BENCH_* or TEST_* variables, else local defaults. */
export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const sharedAmqpUrl =
  process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
let partAmqpUrl: string | undefined;

/** RabbitMQ for the part running now: its own virtual host when `scratchVhost` made one. */
export const benchAmqpUrl = () => partAmqpUrl ?? sharedAmqpUrl;

/**
 * A RabbitMQ virtual host of its own for one bench part, so that its services' queues (named as any
 * run's are) take no events from other runs on the machine, nor theirs from it: made with
 * rabbitmqctl when RabbitMQ is local and the tool is there, else the shared host is used (said).
 */
export async function scratchVhost(label: string): Promise<{ drop(): Promise<void> }> {
  const url = new URL(sharedAmqpUrl);
  const name = `lmbench-${label}-${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`;
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const ctl = (...args: string[]) => execFileAsync('rabbitmqctl', ['-q', ...args], { timeout: 30_000 });
  try {
    if (!local) throw new Error(`RabbitMQ at ${url.hostname} is not local`);
    await ctl('add_vhost', name);
    await ctl('set_permissions', '-p', name, decodeURIComponent(url.username || 'guest'), '.*', '.*', '.*');
  } catch (err) {
    console.log(
      `  (bench part ${label} shares RabbitMQ's virtual host with other runs: ${(err as Error).message.split('\n')[0]})`,
    );
    return { drop: async () => {} };
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  partAmqpUrl = url.toString();
  const drop = async () => {
    forget();
    partAmqpUrl = undefined;
    await ctl('delete_vhost', name).catch(() => {});
  };
  const forget = atInterrupt(drop);
  return { drop };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A scratch database for one benchmark run, dropped afterwards. */
export async function scratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lmbench_${label}_${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: benchDatabaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const drop = async () => {
    forget();
    const client = new pg.Client({ connectionString: benchDatabaseUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
  const forget = atInterrupt(drop);
  return { url: withDatabase(benchDatabaseUrl, name), drop };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
