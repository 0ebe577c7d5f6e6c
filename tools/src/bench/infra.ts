import { createHash } from 'node:crypto';
import pg from 'pg';

/** Where benchmarks find PostgreSQL and RabbitMQ: BENCH_* or TEST_* variables, else local defaults. */
export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
export const benchAmqpUrl =
  process.env.BENCH_AMQP_URL ?? process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

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
  return {
    url: withDatabase(benchDatabaseUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: benchDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
