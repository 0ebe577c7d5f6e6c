import { loadavg } from 'node:os';
import * as identity from '@linksmate/identity';
import { createDatabase, PLANNED_ONCE } from '@linksmate/platform';
import type { DiscoveryQuery } from '@linksmate/proto';
import pg from 'pg';
import { backendsOf, type CpuPerRequest, cpuDuring, cpuLine, sumCpu } from './cpu';
import { prepareViewer, seedDirectory } from './discovery-seed';
import { fmt, scratchDatabase } from './infra';
import {
  atSteadyRate,
  benchAccount,
  flatOut,
  type LoadResult,
  load,
  loadLine,
  paced,
  serviceAndGateway,
  startGateway,
  startProcess,
  stop,
} from './processes';
import {
  atMost,
  noiseText,
  PACED_REPEATS,
  PACED_SAMPLES,
  pacedRepeated,
  pacedSeconds,
  ratioOf,
  repeated,
  row,
} from './summary';

/** identity's pool for prepared statements when DB_POOL_MAX is not set: the direct SQL gets the same. */
const SERVICE_POOL_SIZE = 5;

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
  // The bench database's drop may end a session pool.end() left closing.
  pool.on('error', () => {});
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
  const { servicePort, gatewayPort, serviceUrl, gatewayUrl, common } = await serviceAndGateway();
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
    gateway = await startGateway(common, gatewayPort, serviceUrl);
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
        /** p99 gateway ÷ SQL paced, or why not. */
        pacedRatio: number | string;
        noise: string;
      }
    > = [];
    // Every paced run first (warmed up paced too), then the flat-out ones: a paced figure taken in
    // the wake of a flat-out run measures that run's aftermath.
    const bearer = { authorization: `Bearer ${viewer.token}` };
    const pacedFirst = [];
    for (const scenario of scenarios) {
      const url = `${gatewayUrl}/api/v1/discovery/members?${scenario.search}`;
      const answer = await fetch(url, { headers: bearer });
      if (answer.status !== 200)
        throw new Error(`discovery answered ${answer.status}: ${await answer.text()}`);
      const { total_count: total } = (await answer.json()) as { total_count: number };
      await paced(url, rate, 2, bearer);
      const pacedRuns = await pacedRepeated(url, rate, bearer);
      const statements = await statementsOf(database.url, viewer.id, scenario.query);
      const sqlPacedRuns = await repeated(
        async () =>
          (await loadSql(database.url, statements, { connections, seconds: pacedSeconds(rate), rate }))
            .result,
      );
      pacedFirst.push({ scenario, url, total, statements, pacedRuns, sqlPacedRuns });
    }
    for (const { scenario, url, total, statements, pacedRuns, sqlPacedRuns } of pacedFirst) {
      const { result: viaGateway, cpu: gatewayCpu } = await cpuDuring(
        database.url,
        { gateway: gateway.pid, identity: service.pid },
        () => load(url, connections, seconds, auth),
      );
      const { result: sql, cpu: sqlCpu } = await loadSql(database.url, statements, { connections, seconds });
      const plan = await explain(database.url, statements[0]!);
      measured.push({
        ...scenario,
        total,
        viaGateway,
        gatewayCpu,
        atRate: pacedRuns.median,
        sql,
        sqlCpu,
        sqlAtRate: sqlPacedRuns.median,
        statements,
        plan,
        pacedRatio: ratioOf(pacedRuns, sqlPacedRuns, (r) => r.latencyP99),
        noise: `gateway ${noiseText(pacedRuns)}; SQL ${noiseText(sqlPacedRuns)}`,
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

    const rows = measured.map((m) =>
      row({
        figure: `discovery ${m.label}, paced ${rate}/s, p99 via gateway`,
        value: m.atRate.latencyP99,
        unit: 'ms',
        ceiling: m.sqlAtRate.latencyP99,
        ratio: m.pacedRatio,
        target: '≤ 20 ms',
        meets: atMost(20),
      }),
    );
    return {
      measured,
      golfers,
      health,
      rows,
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
            `  ratio gateway/SQL paced: p99 ${typeof m.pacedRatio === 'string' ? m.pacedRatio : `${fmt(m.pacedRatio, 1)}×`}   (target: p99 via gateway ≤ 20 ms)`,
            `    paced: ${PACED_REPEATS} runs of ≥ ${PACED_SAMPLES} requests each, median run shown; ${m.noise}`,
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
