import pg from 'pg';
import { fmt } from './infra';
import { cpuMs, type LoadResult } from './processes';

/** CPU time (ms) per request of each part that served it. */
export type CpuPerRequest = Record<string, number>;

/** The backends PostgreSQL runs for the bench database now (all pools are warm by then). */
export async function backendsOf(url: string, applicationName?: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and ($1::text is null or application_name = $1)`,
      [applicationName ?? null],
    );
    return rows.map((r: { pid: number }) => r.pid);
  } finally {
    await client.end();
  }
}

export const sumCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** What the gateway, identity and PostgreSQL spent per request while `run` loaded them. */
export async function cpuDuring(
  url: string,
  processes: Record<string, number | undefined>,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpu: CpuPerRequest }> {
  const backends = await backendsOf(url);
  const before = Object.fromEntries(Object.entries(processes).map(([k, pid]) => [k, cpuMs(pid)]));
  const postgresBefore = sumCpu(backends);
  const result = await run();
  const cpu: CpuPerRequest = {};
  for (const [k, pid] of Object.entries(processes)) cpu[k] = (cpuMs(pid) - before[k]!) / result.requests;
  cpu.PostgreSQL = (sumCpu(backends) - postgresBefore) / result.requests;
  return { result, cpu };
}

export const cpuLine = (cpu: CpuPerRequest) =>
  `  CPU per request: ${Object.entries(cpu)
    .map(([part, ms]) => `${part} ${Number.isNaN(ms) ? '?' : fmt(ms, 2)} ms`)
    .join(', ')}`;
