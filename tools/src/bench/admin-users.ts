import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as admin from '@linksmate/admin';
import { createDatabase } from '@linksmate/platform';
import { createTestAuth } from '@linksmate/platform/testing';
import pg from 'pg';
import { type CpuPerRequest, cpuDuring, cpuLine } from './cpu';
import { fmt, scratchDatabase } from './infra';
import { flatOut } from './loads';
import {
  keysAndVersions,
  type LoadResult,
  load,
  loadLine,
  paced,
  startServiceWithGateway,
  stop,
} from './processes';
import {
  atMost,
  noiseText,
  PACED_REPEATS,
  PACED_SAMPLES,
  pacedRepeated,
  type Repeated,
  row,
  type SummaryRow,
} from './summary';

/** What the admin service may spend of CPU per list request (issue 24: identity's list spends 0.17 ms). */
const ADMIN_CPU_TARGET_MS = 0.3;

/** The admin service's pools when DB_POOL_MAX is not set: the direct SQL gets the same (see loadSql). */
const SERVICE_POOL_SIZE = 10;

const FIRST = [
  'Olivia',
  'Jack',
  'Mia',
  'Liam',
  'Charlotte',
  'Noah',
  'Amelia',
  'Oliver',
  'Isla',
  'William',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Ruby',
  'James',
  'Zoe',
  'Leo',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
];

/** `people` in the directory: names, roles, bans and memberships spread as a real platform's are. */
async function seedDirectory(url: string, people: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into directory_users (id, username, email, first_name, last_name, role, banned, ban_reason,
         created_at, last_login_at, membership_type, membership_status, membership_ends_at, user_version, membership_version)
       select n,
              lower(($2::text[])[1 + n % 20]) || '_' || lower(($3::text[])[1 + (n / 20) % 20]) || n,
              lower(($2::text[])[1 + n % 20]) || '.' || lower(($3::text[])[1 + (n / 20) % 20]) || n || '@example.com',
              ($2::text[])[1 + n % 20], ($3::text[])[1 + (n / 20) % 20],
              case when n % 500 = 0 then 'facility_admin' when n % 97 = 0 then 'coach' when n % 10007 = 0 then 'site_admin' else 'member' end,
              n % 211 = 0, case when n % 211 = 0 then 'Spam' end,
              now() - (n % 1100) * interval '1 day' - (n % 86400) * interval '1 second',
              case when n % 3 = 0 then now() - (n % 60) * interval '1 day' end,
              case when n % 5 = 0 then 'annual' when n % 7 = 0 then 'monthly' end,
              case when n % 5 = 0 or n % 7 = 0 then (case when n % 11 = 0 then 'canceled' else 'active' end) end,
              case when n % 5 = 0 then now() + interval '200 days' end,
              1, case when n % 5 = 0 or n % 7 = 0 then 1 else 0 end
       from generate_series(1, $1) as n`,
      [people, FIRST, LAST],
    );
    await client.query('vacuum analyze directory_users');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
  /** Sent on the handle's `prepared` pool (the list's), not its main one. */
  prepared: boolean;
}

/** What the directory sends PostgreSQL for one page, recorded from the service's own code. */
async function statementsOf(url: string, query: admin.AdminUsersListQuery): Promise<Statement[]> {
  const handle = createDatabase(url, admin.schema, { max: 1 });
  const recorded: Statement[] = [];
  // Both of the handle's pools: whichever the directory sends its statements on is recorded.
  for (const client of new Set([handle.prepared.$client, handle.db.$client])) {
    const prepared = client === handle.prepared.$client;
    const pool = client as unknown as { query: (...args: unknown[]) => unknown };
    const send = pool.query.bind(pool);
    pool.query = (config, values, callback) => {
      const c = config as { name?: string; text?: string; values?: unknown[] };
      if (typeof c === 'object' && c.text)
        recorded.push({
          name: c.name,
          text: c.text,
          values: (values as unknown[]) ?? c.values ?? [],
          prepared,
        });
      else if (typeof c === 'string')
        recorded.push({ text: c, values: (values as unknown[]) ?? [], prepared });
      return send(config, values, callback);
    };
  }
  try {
    const directory = new admin.Directory(handle.db as never, handle.prepared as never);
    const page = { limit: 25, offset: (query.page - 1) * 25 };
    await directory.page(query.filter, query.order, page);
    recorded.length = 0;
    await directory.page(query.filter, query.order, page);
    if (recorded.length === 0) throw new Error('the directory sent no statement the bench could record');
    return [...recorded];
  } finally {
    await handle.close();
  }
}

/**
 * The recorded statements straight on PostgreSQL, as the service sends them (in parallel), flat out:
 * each on the pool the service sends it on, as large and set up as the service's own (its
 * `prepared` pool is half the size of its main one, its statements planned once). `clientCpuMs` is
 * this process's CPU per request meanwhile: what a bare pg client spends on the same statements at
 * the same (PostgreSQL-bound) rate, the floor the admin service's CPU per request stands beside.
 */
async function loadSql(url: string, statements: Statement[], connections: number, seconds: number) {
  const handle = createDatabase(url, admin.schema, {
    max: SERVICE_POOL_SIZE,
    applicationName: 'lmbench-sql',
  });
  const run = () =>
    Promise.all(
      statements.map((s) =>
        (s.prepared ? handle.prepared.$client : handle.pool).query({
          name: s.name,
          text: s.text,
          values: s.values,
        }),
      ),
    );
  try {
    for (let i = 0; i < 20; i++) await run();
    const cpuBefore = process.cpuUsage();
    const result = await flatOut(run, connections, seconds);
    const cpu = process.cpuUsage(cpuBefore);
    return { ...result, clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests) };
  } finally {
    await handle.close();
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * User Management with `people` in the directory: list pages (search, filter, sort) through the
 * gateway beside the same statements straight on PostgreSQL, and the streamed CSV export of every
 * person — its time and the admin service's memory while it runs.
 */
export async function measureAdminUsers(
  options: { people?: number; connections?: number; seconds?: number; rate?: number } = {},
) {
  // ≥ 3,000 samples a paced run, three runs a scenario: at 100 req/s, 30 s each.
  const rate = options.rate ?? 100;
  const people = options.people ?? 100_000;
  const connections = options.connections ?? 16;
  const seconds = options.seconds ?? 8;
  const database = await scratchDatabase('admin');
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  try {
    const { service, gateway, gatewayUrl, serviceUrl, seedSeconds } = await startServiceWithGateway({
      entry: 'services/admin/src/main.ts',
      upstream: 'ADMIN_URL',
      databaseUrl: database.url,
      identityUrl: identity.url,
      seed: () => seedDirectory(database.url, people),
    });
    processes.push(service, gateway);
    const token = await auth.tokenFor(1, 'admin', {
      membership_status: null,
      membership_ends_at: null,
      ttlSeconds: 3600,
    });
    const auth1 = [`authorization=Bearer ${token}`];
    const scenarios: Array<{ label: string; search: string; query: admin.AdminUsersListQuery }> = [
      {
        label: 'first page, newest first',
        search: 'page=1&limit=25',
        query: { page: 1, filter: {}, order: { sortBy: 'created_at', direction: 'desc' } },
      },
      {
        label: "search 'nguyen', by e-mail, page 2",
        search: 'page=2&limit=25&search=nguyen&sort_by=email&sort_order=asc',
        query: { page: 2, filter: { search: 'nguyen' }, order: { sortBy: 'email', direction: 'asc' } },
      },
      {
        label: 'moderators, by role',
        search: 'page=1&limit=25&role=moderator&sort_by=role&sort_order=desc',
        query: { page: 1, filter: { role: 'moderator' }, order: { sortBy: 'role', direction: 'desc' } },
      },
    ];
    const measured: Array<{
      label: string;
      total: number;
      viaGateway: LoadResult;
      /** Straight to the admin service: its own layers' cost beside the SQL, without the gateway's. */
      direct: LoadResult;
      cpu: CpuPerRequest;
      sql: LoadResult & { clientCpuMs: number };
      atRate: LoadResult;
      pacedRuns: Repeated;
    }> = [];
    // Every paced run first, warmed up paced: a paced figure taken after a flat-out run measures its aftermath.
    const bearer = { authorization: `Bearer ${token}` };
    const pacedFirst = [];
    for (const scenario of scenarios) {
      const url = `${gatewayUrl}/api/v1/admin/users?${scenario.search}`;
      const answer = await fetch(url, { headers: bearer });
      if (answer.status !== 200)
        throw new Error(`admin users answered ${answer.status}: ${await answer.text()}`);
      const total = ((await answer.json()) as { pagination: { total_count: number } }).pagination.total_count;
      await paced(url, rate, 2, bearer);
      pacedFirst.push({ scenario, url, total, pacedRuns: await pacedRepeated(url, rate, bearer) });
    }
    for (const { scenario, url, total, pacedRuns } of pacedFirst) {
      const { result: viaGateway, cpu } = await cpuDuring(
        database.url,
        { gateway: gateway.pid, admin: service.pid },
        () => load(url, connections, seconds, auth1),
      );
      const direct = await load(url.replace(`${gatewayUrl}/api/v1`, serviceUrl), connections, seconds, auth1);
      const sql = await loadSql(
        database.url,
        await statementsOf(database.url, scenario.query),
        connections,
        seconds,
      );
      measured.push({
        label: scenario.label,
        total,
        viaGateway,
        direct,
        cpu,
        sql,
        atRate: pacedRuns.median,
        pacedRuns,
      });
    }

    // The export: every person, streamed; the service's memory sampled while it runs.
    const rssBefore = rssMb(service.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(service.pid!));
    }, 20);
    const exportStarted = performance.now();
    const response = await fetch(`${gatewayUrl}/api/v1/admin/users/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    clearInterval(sampler);
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const sqlStarted = performance.now();
    await direct.query('select * from directory_users where not deleted order by created_at desc, id desc');
    const sqlSeconds = (performance.now() - sqlStarted) / 1000;
    await direct.end();

    const rows: SummaryRow[] = measured.flatMap((m) => [
      row({
        figure: `admin users ${m.label}, paced ${rate}/s, p99`,
        value: m.atRate.latencyP99,
        unit: 'ms',
        target: '≤ 50 ms',
        meets: atMost(50),
      }),
      row({
        figure: `admin users ${m.label}, admin service flat out ÷ same SQL`,
        value: m.direct.requestsPerSecond,
        unit: 'req/s',
        ceiling: m.sql.requestsPerSecond,
        ratio: m.direct.requestsPerSecond / m.sql.requestsPerSecond,
        target: '≥ 0.6',
        meets: () => m.direct.requestsPerSecond / m.sql.requestsPerSecond >= 0.6,
      }),
      row({
        figure: `admin users ${m.label}, via gateway flat out ÷ same SQL`,
        value: m.viaGateway.requestsPerSecond,
        unit: 'req/s',
        ceiling: m.sql.requestsPerSecond,
        ratio: m.viaGateway.requestsPerSecond / m.sql.requestsPerSecond,
      }),
      row({
        figure: `admin users ${m.label}, flat out, admin service CPU per request ÷ a bare pg client's on the same SQL`,
        value: m.cpu.admin!,
        unit: 'ms',
        ceiling: m.sql.clientCpuMs,
        ratio: m.cpu.admin! / m.sql.clientCpuMs,
        target: `≤ ${ADMIN_CPU_TARGET_MS} ms`,
        meets: atMost(ADMIN_CPU_TARGET_MS),
      }),
    ]);
    return {
      rows,
      report() {
        const out = [
          `User Management (${people.toLocaleString('en')} people seeded in ${fmt(seedSeconds, 0)} s; ${connections} connections, ${seconds} s each; admin service and gateway as separate processes; the load sends no Accept-Encoding, so the gateway compresses nothing, as the SQL has nothing to compress; load average ${fmt(loadBefore, 1)} before):`,
        ];
        for (const m of measured) {
          out.push(
            `  ${m.label} — total_count ${m.total.toLocaleString('en')}`,
            loadLine('via gateway, flat out', m.viaGateway, 38),
            cpuLine(m.cpu),
            loadLine('straight to admin, flat out', m.direct, 38),
            `${loadLine('same SQL on PostgreSQL, flat out', m.sql, 38)}   (a bare pg client's CPU ${fmt(m.sql.clientCpuMs, 2)} ms per request)`,
            `  ratio admin/SQL flat out: throughput ${fmt(m.direct.requestsPerSecond / m.sql.requestsPerSecond, 2)}, p99 ${fmt(m.direct.latencyP99 / m.sql.latencyP99, 1)}×   (target: admin CPU ≤ ${ADMIN_CPU_TARGET_MS} ms per request, throughput ≥ 0.6 of the SQL's); via gateway ${fmt(m.viaGateway.requestsPerSecond / m.sql.requestsPerSecond, 2)} (the gateway's own cost is the gateway parts')`,
            `${loadLine(`via gateway, paced at ${rate} req/s`, m.atRate, 38)}   (target: p99 ≤ 50 ms)`,
            `    paced: median of ${PACED_REPEATS} runs of ≥ ${PACED_SAMPLES} requests; ${noiseText(m.pacedRuns)}`,
          );
        }
        out.push(
          `  CSV export of every person through the gateway: ${(lines - 1).toLocaleString('en')} rows, ${fmt(bytes / 1024 / 1024, 1)} MB in ${fmt(exportSeconds, 2)} s; admin service RSS ${fmt(rssBefore, 0)} MB before, peak ${fmt(rssPeak, 0)} MB (+${fmt(rssPeak - rssBefore, 0)} MB)`,
          `  the same rows in one SELECT straight on PostgreSQL (no streaming, all in memory): ${fmt(sqlSeconds, 2)} s`,
        );
        return out.join('\n');
      },
    };
  } finally {
    for (const child of processes.reverse()) await stop(child);
    await identity.close();
    // createTestAuth serves its keys over HTTP: left open, the bench would never exit.
    await auth.close();
    await database.drop();
  }
}
