import { loadavg } from 'node:os';
import * as identity from '@linksmate/identity';
import { createDatabase, PLANNED_ONCE } from '@linksmate/platform';
import type { DiscoveryQuery } from '@linksmate/proto';
import pg from 'pg';
import { freePort } from '../embedded/ports';
import { benchAmqpUrl, fmt, percentile, scratchDatabase } from './infra';
import {
  atSteadyRate,
  benchAccount,
  cpuMs,
  type LoadResult,
  load,
  loadLine,
  paced,
  startProcess,
  stop,
} from './processes';

/** identity's pool for prepared statements when DB_POOL_MAX is not set: the direct SQL gets the same. */
const SERVICE_POOL_SIZE = 5;

/**
 * The directory the bench searches: `count` people, of whom about 5% hide their profile, 4% never
 * verified and 1% are banned; skill levels, availability, names and photos spread over them; a
 * few thousand blocks between strangers. Written in one statement, then vacuumed and analysed as
 * autovacuum would have done by the time such a directory exists.
 */
async function seedDirectory(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (username, email, password_hash, first_name, last_name, profile_image_url,
         manual_handicap, skill_level, club_memberships_text, is_profile_visible, availability_status,
         email_verified_at, banned_at, created_at)
       select 'golfer_' || g, 'golfer' || g || '@bench.example', 'not-a-login',
         case when g % 3 <> 0 then 'First' || g end, case when g % 3 <> 0 then 'Last' || g end,
         case when g % 4 = 0 then '/uploads/bench/' || g || '.webp' end,
         case when g % 2 = 0 then ((g % 640) - 100) / 10.0 end,
         (array['beginner', 'intermediate', 'advanced', 'pro', null])[1 + (g / 10) % 5],
         case when g % 7 = 0 then 'Royal Bench Golf Club' end,
         g % 20 <> 0,
         case when g % 10 < 6 then 'Available' when g % 10 < 9 then 'Unavailable' else 'playing' end,
         case when g % 25 <> 0 then now() - interval '1 day' end,
         case when g % 100 = 7 then now() end,
         now() - ($1::int - g) * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [count],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select a, b from (
         select (select min(id) from users) + (g * 7919) % $1::int as a,
                (select min(id) from users) + (g * 104729) % $1::int as b
         from generate_series(1, 3000) g) pairs
       where a <> b on conflict do nothing`,
      [count],
    );
    await client.query('vacuum analyze users, blocks');
  } finally {
    await client.end();
  }
}

/** The viewer blocks 20 people and 20 others block the viewer; then a membership lets them search. */
async function prepareViewer(url: string, viewerId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select $1::int, id from users where username like 'golfer_%' and id % 997 = 1 limit 20`,
      [viewerId],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select id, $1::int from users where username like 'golfer_%' and id % 991 = 2 limit 20`,
      [viewerId],
    );
    await client.query(
      `insert into memberships (user_id, type, status, plan_id, current_period_ends_at, source, version)
       values ($1, 'annual', 'active', 'annual', now() + interval '1 year', 'granted', 1)`,
      [viewerId],
    );
  } finally {
    await client.end();
  }
}

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * What the directory sends PostgreSQL for one request, once warm (so the long list's shared count
 * is already known, as it is between its refreshes): recorded from the service's own code.
 */
async function statementsOf(url: string, viewerId: number, query: DiscoveryQuery): Promise<Statement[]> {
  const handle = createDatabase(url, identity.schema, { max: 1 });
  const pool = handle.prepared.$client as unknown as { query: (...args: unknown[]) => unknown };
  const recorded: Statement[] = [];
  const send = pool.query.bind(pool);
  pool.query = (config, values, callback) => {
    const c = config as { name?: string; text?: string; values?: unknown[] };
    if (typeof c === 'object' && c.text) {
      recorded.push({ name: c.name, text: c.text, values: (values as unknown[]) ?? c.values ?? [] });
    }
    return send(config, values, callback);
  };
  try {
    const directory = new identity.DirectoryService(handle.prepared as never);
    await directory.discover(viewerId, query);
    recorded.length = 0;
    await directory.discover(viewerId, query);
    return [...recorded];
  } finally {
    await handle.close();
  }
}

/**
 * The recorded statements run straight on PostgreSQL on a pool like the service's, request after
 * request: by `connections` workers flat out, or at a steady `rate`.
 */
async function loadSql(
  url: string,
  statements: Statement[],
  load: { connections: number; seconds: number; rate?: number },
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: SERVICE_POOL_SIZE,
    options: PLANNED_ONCE,
    application_name: 'lmbench-sql',
  });
  const run = () =>
    statements.reduce<Promise<unknown>>(
      (previous, s) => previous.then(() => pool.query({ name: s.name, text: s.text, values: s.values })),
      Promise.resolve(),
    );
  try {
    // Warm every connection of the pool, then count the CPU its backends and this process use.
    await Promise.all(
      Array.from({ length: load.connections }, async () => {
        for (let i = 0; i < 10; i++) await run();
      }),
    );
    const backends = await backendsOf(url, 'lmbench-sql');
    const postgresBefore = sumCpu(backends);
    const clientBefore = process.cpuUsage();
    const result = load.rate
      ? await atSteadyRate(load.rate, load.seconds, async () => {
          await run();
          return true;
        })
      : await flatOut(run, load.connections, load.seconds);
    const client = process.cpuUsage(clientBefore);
    const cpu: CpuPerRequest = {
      'node-postgres': (client.user + client.system) / 1000 / result.requests,
      PostgreSQL: (sumCpu(backends) - postgresBefore) / result.requests,
    };
    return { result, cpu };
  } finally {
    await pool.end();
  }
}

/** `connections` workers calling `run` back to back for `seconds`. */
async function flatOut(
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
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    latencyP50: Number(percentile(latencies, 50).toFixed(1)),
    latencyP99: Number(percentile(latencies, 99).toFixed(1)),
    non2xx: 0,
  };
}

/** CPU time (ms) per request of each part that served it. */
type CpuPerRequest = Record<string, number>;

/** The backends PostgreSQL runs for the bench database now (all pools are warm by then). */
async function backendsOf(url: string, applicationName?: string): Promise<number[]> {
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

const sumCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** What the gateway, identity and PostgreSQL spent per request while `run` loaded them. */
async function cpuDuring(
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

const cpuLine = (cpu: CpuPerRequest) =>
  `  CPU per request: ${Object.entries(cpu)
    .map(([part, ms]) => `${part} ${Number.isNaN(ms) ? '?' : fmt(ms, 2)} ms`)
    .join(', ')}`;

async function explain(url: string, statement: Statement): Promise<string[]> {
  // Planned as the service's prepared statements are: once, without their values.
  const client = new pg.Client({ connectionString: url, options: PLANNED_ONCE });
  await client.connect();
  try {
    const result = await client.query(
      `explain (analyze, costs off, buffers) ${statement.text}`,
      statement.values as unknown[],
    );
    return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
  } finally {
    await client.end();
  }
}

const indexesIn = (plan: string[]) => [
  ...new Set(plan.flatMap((line) => [...line.matchAll(/using (\w+) on users/g)].map((m) => m[1]!))),
];

/**
 * Player discovery over a directory of `users` people, through the gateway, beside the same
 * statements run straight on PostgreSQL; and the golfer list straight to identity beside its
 * `/health`. identity and the gateway run as their own processes of the distributed run.
 */
export async function measureDiscovery(
  options: { users?: number; connections?: number; seconds?: number; rate?: number } = {},
) {
  const users = options.users ?? 100_000;
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const rate = options.rate ?? 500;
  const database = await scratchDatabase('discovery');
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const common = {
    LOG_LEVEL: 'warn',
    AMQP_URL: benchAmqpUrl,
    JWKS_URL: `${serviceUrl}/.well-known/jwks.json`,
  };
  // Other work on the machine shows in every figure below; say how much there was.
  const loadBefore = loadavg()[0]!;
  const seedStarted = performance.now();
  const service = await startProcess(
    'services/identity/src/main.ts',
    { ...common, PORT: String(servicePort), HOST: '127.0.0.1', DATABASE_URL: database.url },
    `${serviceUrl}/ready`,
  );
  let gateway: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    await seedDirectory(database.url, users);
    const viewer = await benchAccount(serviceUrl, (id) => prepareViewer(database.url, id));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    gateway = await startProcess(
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
    const auth = [`authorization=Bearer ${viewer.token}`];
    const scenarios: Array<{ label: string; query: DiscoveryQuery; search: string }> = [
      { label: 'first page, no filter', query: { limit: 10, offset: 0 }, search: 'limit=10&offset=0' },
      {
        label: 'advanced + Playing, page 3',
        query: { skill_level: 'advanced', availability_status: 'Playing', limit: 10, offset: 20 },
        search: 'skill_level=advanced&availability_status=Playing&limit=10&offset=20',
      },
    ];
    const measured: Array<
      (typeof scenarios)[number] & {
        total: number;
        viaGateway: LoadResult;
        gatewayCpu: CpuPerRequest;
        atRate: LoadResult;
        sql: LoadResult;
        sqlCpu: CpuPerRequest;
        sqlAtRate: LoadResult;
        statements: Statement[];
        plan: string[];
      }
    > = [];
    for (const scenario of scenarios) {
      const url = `${gatewayUrl}/api/v1/discovery/members?${scenario.search}`;
      const answer = await fetch(url, { headers: { authorization: `Bearer ${viewer.token}` } });
      if (answer.status !== 200)
        throw new Error(`discovery answered ${answer.status}: ${await answer.text()}`);
      const { total_count: total } = (await answer.json()) as { total_count: number };
      await load(url, connections, 2, auth);
      const { result: viaGateway, cpu: gatewayCpu } = await cpuDuring(
        database.url,
        { gateway: gateway.pid, identity: service.pid },
        () => load(url, connections, seconds, auth),
      );
      const atRate = await paced(url, rate, seconds, { authorization: `Bearer ${viewer.token}` });
      const statements = await statementsOf(database.url, viewer.id, scenario.query);
      const { result: sql, cpu: sqlCpu } = await loadSql(database.url, statements, { connections, seconds });
      const { result: sqlAtRate } = await loadSql(database.url, statements, { connections, seconds, rate });
      const plan = await explain(database.url, statements[0]!);
      measured.push({
        ...scenario,
        total,
        viaGateway,
        gatewayCpu,
        atRate,
        sql,
        sqlCpu,
        sqlAtRate,
        statements,
        plan,
      });
    }

    const { result: golfers, cpu: golfersCpu } = await cpuDuring(
      database.url,
      { identity: service.pid },
      () => load(`${serviceUrl}/golfers?page=1&limit=4`, connections, seconds, auth),
    );
    const { result: health, cpu: healthCpu } = await cpuDuring(database.url, { identity: service.pid }, () =>
      load(`${serviceUrl}/health`, connections, seconds),
    );

    return {
      measured,
      golfers,
      health,
      report() {
        const out = [
          `Player discovery (${users.toLocaleString('en')} people seeded in ${fmt(seedSeconds, 0)} s; autocannon, ${connections} connections, ${seconds} s each; identity and gateway as separate processes; load average ${fmt(loadBefore, 1)} before):`,
        ];
        for (const m of measured) {
          out.push(
            `  ${m.label} — total_count ${m.total.toLocaleString('en')}, ${m.statements.length} statement(s) per request, rows read through ${indexesIn(m.plan).join(', ') || 'NO INDEX'}`,
            loadLine(`via gateway, ${connections} flat out`, m.viaGateway, 38),
            cpuLine(m.gatewayCpu),
            loadLine(`same SQL on PostgreSQL, ${connections} flat out`, m.sql, 38),
            cpuLine(m.sqlCpu),
            `  ratio gateway/SQL flat out: throughput ${fmt(m.viaGateway.requestsPerSecond / m.sql.requestsPerSecond, 2)}, p99 ${fmt(m.viaGateway.latencyP99 / m.sql.latencyP99, 1)}×`,
            loadLine(`via gateway, paced at ${rate} req/s`, m.atRate, 38),
            loadLine(`same SQL on PostgreSQL, paced`, m.sqlAtRate, 38),
            `  ratio gateway/SQL paced: p50 ${fmt(m.atRate.latencyP50 / m.sqlAtRate.latencyP50, 1)}×, p99 ${fmt(m.atRate.latencyP99 / m.sqlAtRate.latencyP99, 1)}×   (target: p99 via gateway ≤ 20 ms)`,
          );
        }
        out.push(
          '  EXPLAIN (ANALYZE) of the first page, no filter (its planning happens once per connection; the service reuses the plan):',
        );
        out.push(...measured[0]!.plan.map((line) => `    ${line}`));
        out.push(
          `Golfer list straight to identity with the same ${users.toLocaleString('en')} people:`,
          loadLine('GET /golfers?limit=4 direct', golfers, 34),
          cpuLine(golfersCpu),
          loadLine('GET /health direct', health, 34),
          cpuLine(healthCpu),
          `  /golfers is ${fmt(golfers.requestsPerSecond / health.requestsPerSecond, 2)} of /health's throughput`,
        );
        return out.join('\n');
      },
    };
  } finally {
    if (gateway) await stop(gateway);
    await stop(service);
    await database.drop();
  }
}
