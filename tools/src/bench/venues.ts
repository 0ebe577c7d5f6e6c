import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import type { VenuesQuery } from '@linksmate/proto';
import * as venuesCoaches from '@linksmate/venues-coaches';
import pg from 'pg';
import { freePort } from '../embedded/ports';
import { benchAmqpUrl, fmt, scratchDatabase } from './infra';
import {
  type LoadResult,
  load,
  loadLine,
  loadStatement,
  paced,
  type Statement,
  serviceAndGateway,
  startGateway,
  startProcess,
  stop,
} from './processes';
import {
  atMost,
  pacedLines,
  pacedRepeated,
  pacedSeconds,
  type Repeated,
  ratioOf,
  repeated,
  row,
} from './summary';
import { seedVenueDirectory } from './venues-seed';

const PAGE_SIZE = 12;

interface Measured {
  label: string;
  /** How many venues match, and the first on the page. */
  count: number;
  first: string;
  viaGateway: LoadResult;
  /** Paced runs, the median reported (see summary.ts `repeated`). */
  atRate: Repeated;
  sql: LoadResult;
  sqlAtRate: Repeated;
  plan: string[];
}

async function explain(url: string, statement: Statement): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
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
  ...new Set(plan.flatMap((line) => [...line.matchAll(/(?:using|on) (\w+_idx)\b/gi)].map((m) => m[1]!))),
];

/**
 * The venue directory's typo search with two filters over `venues` venues and `media` gallery rows,
 * through the gateway, beside the very statement the service sends run straight on PostgreSQL;
 * paced at a steady rate (what a person arriving at that rate waits) and flat out. venues-coaches,
 * identity (whose keys and token versions the gateway waits for) and the gateway run as their own
 * processes of the distributed run.
 */
export async function measureVenueSearch(
  options: { venues?: number; media?: number; connections?: number; seconds?: number; rate?: number } = {},
) {
  const venues = options.venues ?? 10_000;
  const media = options.media ?? 50_000;
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  // A typo search costs PostgreSQL milliseconds of CPU, not the fraction of one a discovery page
  // costs: a rate two cores sustain beside the gateway (flat out gives ~250 req/s), each paced run
  // 30 s for its 3,000 samples.
  const rate = options.rate ?? 100;
  const database = await scratchDatabase('venues');
  const identityDatabase = await scratchDatabase('venues_identity');
  // identity takes the service place of the shared setup: the gateway reads its keys and token versions.
  const { servicePort, gatewayPort, serviceUrl: identityUrl, gatewayUrl, common } = await serviceAndGateway();
  const venuesPort = await freePort();
  const serviceUrl = `http://127.0.0.1:${venuesPort}`;
  const loadBefore = loadavg()[0]!;
  const seedStarted = performance.now();
  const processes: ChildProcess[] = [];
  try {
    processes.push(
      await startProcess(
        'services/identity/src/main.ts',
        { ...common, PORT: String(servicePort), HOST: '127.0.0.1', DATABASE_URL: identityDatabase.url },
        `${identityUrl}/ready`,
      ),
      await startProcess(
        'services/venues-coaches/src/main.ts',
        { ...common, PORT: String(venuesPort), HOST: '127.0.0.1', DATABASE_URL: database.url },
        `${serviceUrl}/ready`,
      ),
    );
    await seedVenueDirectory(database.url, venues, media);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    processes.push(await startGateway(common, gatewayPort, identityUrl, { VENUES_URL: serviceUrl }));
    const scenarios: Array<{ label: string; query: VenuesQuery }> = [
      {
        label: "'royal melborne', VIC, golf courses",
        query: {
          search: 'royal melborne',
          state: 'VIC',
          venue_type: 'golf_course',
          limit: PAGE_SIZE,
          offset: 0,
        },
      },
      {
        // A broad one: many clubs are called '… Lakes Golf Club'; the page shows the closest 12.
        label: "'lakes golf clb', NSW, with a putting green",
        query: {
          search: 'lakes golf clb',
          state: 'NSW',
          course_amenity: 'putting_green',
          limit: PAGE_SIZE,
          offset: 0,
        },
      },
    ];
    const measured: Measured[] = [];
    for (const scenario of scenarios) {
      const url = `${gatewayUrl}/api/v1/venues?${new URLSearchParams(
        Object.entries(scenario.query).map(([k, v]): [string, string] => [k, String(v)]),
      )}`;
      const answer = await fetch(url);
      if (answer.status !== 200)
        throw new Error(`the directory answered ${answer.status}: ${await answer.text()}`);
      const found = (await answer.json()) as { venues: Array<{ name: string }>; count: number };
      // The service's own reading of the query and its own statement: the very SQL GET /venues runs.
      const statement = venuesCoaches.venueDirectoryQuery(venuesCoaches.directoryFilters(scenario.query), {
        limit: PAGE_SIZE,
        offset: 0,
      });
      await paced(url, rate, 2);
      // Paced first: a paced figure taken in the wake of a flat-out run measures that run's
      // aftermath (its garbage collected, its queues drained), not what a person waits.
      const atRate = await pacedRepeated(url, rate);
      const sqlAtRate = await repeated(() =>
        loadStatement(database.url, statement, { connections, seconds: pacedSeconds(rate), rate }),
      );
      const viaGateway = await load(url, connections, seconds);
      const sql = await loadStatement(database.url, statement, { connections, seconds });
      measured.push({
        label: scenario.label,
        count: found.count,
        first: found.venues[0]?.name ?? '(none)',
        viaGateway,
        atRate,
        sql,
        sqlAtRate,
        plan: await explain(database.url, statement),
      });
    }
    const rows = measured.map((m) =>
      row({
        figure: `venue search ${m.label}, paced ${rate}/s, p99`,
        value: m.atRate.median.latencyP99,
        unit: 'ms',
        ceiling: m.sqlAtRate.median.latencyP99,
        ratio: ratioOf(m.atRate, m.sqlAtRate, (r) => r.latencyP99),
        target: '≤ 25 ms',
        meets: atMost(25),
      }),
    );
    return {
      measured,
      rows,
      report() {
        const out = [
          `Venue search (${venues.toLocaleString('en')} venues and ${media.toLocaleString('en')} gallery rows seeded in ${fmt(seedSeconds, 0)} s; ${connections} connections flat out or paced at ${rate} req/s, ${seconds} s each; venues-coaches and gateway as separate processes; load average ${fmt(loadBefore, 1)} before):`,
        ];
        for (const m of measured) {
          out.push(
            `  ${m.label} — count ${m.count}, first '${m.first}', rows read through ${indexesIn(m.plan).join(', ') || 'NO INDEX'}`,
            ...pacedLines(rate, m.atRate, m.sqlAtRate, 'p99 via gateway ≤ 25 ms'),
            loadLine(`via gateway, ${connections} flat out`, m.viaGateway, 38),
            loadLine(`same SQL on PostgreSQL, ${connections} flat out`, m.sql, 38),
            `  ratio gateway/SQL flat out: throughput ${fmt(m.viaGateway.requestsPerSecond / m.sql.requestsPerSecond, 2)}, p99 ${fmt(m.viaGateway.latencyP99 / m.sql.latencyP99, 1)}×`,
          );
        }
        out.push(
          `  EXPLAIN (ANALYZE) of ${measured[0]!.label}:`,
          ...measured[0]!.plan.map((l) => `    ${l}`),
        );
        return out.join('\n');
      },
    };
  } finally {
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await identityDatabase.drop();
  }
}

interface GrowthFigures {
  venues: number;
  seedSeconds: number;
  scenarios: Array<{ label: string; count: number; service: LoadResult; sql: LoadResult }>;
}

/** The directory's first page and a typo search, as the directory grows (see `measureVenueGrowth`). */
const GROWTH_SCENARIOS: Array<{ label: string; query: VenuesQuery }> = [
  { label: 'first page, no filter', query: { limit: PAGE_SIZE, offset: 0 } },
  {
    label: "search 'royal melborne', VIC, golf courses",
    query: { search: 'royal melborne', state: 'VIC', venue_type: 'golf_course', limit: PAGE_SIZE, offset: 0 },
  },
];

/** One size of the directory: seeded, venues-coaches started on it, each scenario loaded flat out. */
async function measureAtSize(
  venues: number,
  options: { connections: number; seconds: number },
): Promise<GrowthFigures> {
  const database = await scratchDatabase(`venues_${venues}`);
  const port = await freePort();
  const serviceUrl = `http://127.0.0.1:${port}`;
  let service: ChildProcess | undefined;
  try {
    const seedStarted = performance.now();
    service = await startProcess(
      'services/venues-coaches/src/main.ts',
      {
        LOG_LEVEL: 'warn',
        AMQP_URL: benchAmqpUrl(),
        // Nobody signs in here: the directory is public.
        JWKS_URL: `${serviceUrl}/.well-known/jwks.json`,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
      },
      `${serviceUrl}/ready`,
    );
    await seedVenueDirectory(database.url, venues, venues * 5);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const scenarios: GrowthFigures['scenarios'] = [];
    for (const scenario of GROWTH_SCENARIOS) {
      const url = `${serviceUrl}/venues?${new URLSearchParams(
        Object.entries(scenario.query).map(([k, v]): [string, string] => [k, String(v)]),
      )}`;
      const answer = await fetch(url);
      if (answer.status !== 200)
        throw new Error(`the directory answered ${answer.status}: ${await answer.text()}`);
      const { count } = (await answer.json()) as { count: number };
      const statement = venuesCoaches.venueDirectoryQuery(venuesCoaches.directoryFilters(scenario.query), {
        limit: PAGE_SIZE,
        offset: 0,
      });
      await load(url, options.connections, 2);
      const service = await load(url, options.connections, options.seconds);
      const sql = await loadStatement(database.url, statement, options);
      scenarios.push({ label: scenario.label, count, service, sql });
    }
    return { venues, seedSeconds, scenarios };
  } finally {
    if (service) await stop(service);
    await database.drop();
  }
}

/**
 * Issue 24 item 3: the directory's first page and a typo search at 10,000 and at 100,000 listed
 * venues, each flat out against venues-coaches itself (no gateway: its cost does not grow with the
 * directory) beside the page's own statement straight on PostgreSQL. The total is `ListTotals`'
 * (exact up to 1,000, else kept per filter set), so a page should cost the same at both sizes:
 * target within 1.3× of each other. A typo search looks each of its words up in the dictionary of
 * the directory's words (`venue_search_words`: 438 words at 10,000 venues, 444 at 100,000) and asks
 * the GIN index over listed venues' terms (each word and each two adjacent words) for its adjacent
 * words' candidate pairs, so the index answers exactly the venues with the search's words side by
 * side, in order, and only they are read and ranked. For 'royal melborne' in VIC golf courses that is
 * Royal Melbourne Golf Club alone at either size; requiring only each word somewhere matched every
 * Royal … venue in Melbourne (33 and 306), and the trigram search before that matched 1 and 2 but
 * read 115 and 1,175 candidates' rows to find them. So this search costs the same at both sizes.
 */
export async function measureVenueGrowth(
  options: { sizes?: [number, number]; connections?: number; seconds?: number } = {},
) {
  const [small, large] = options.sizes ?? [10_000, 100_000];
  const loading = { connections: options.connections ?? 16, seconds: options.seconds ?? 8 };
  const loadBefore = loadavg()[0]!;
  const atSmall = await measureAtSize(small, loading);
  const atLarge = await measureAtSize(large, loading);
  const size = (n: number) => n.toLocaleString('en');
  // How far apart two throughputs are, whichever is higher: 1 means the same.
  const apart = (a: LoadResult, b: LoadResult) =>
    Math.max(a.requestsPerSecond, b.requestsPerSecond) / Math.min(a.requestsPerSecond, b.requestsPerSecond);
  const rows = atSmall.scenarios.map((s, i) => {
    const l = atLarge.scenarios[i]!;
    return row({
      figure: `venues ${s.label}, ${size(small)} vs ${size(large)} venues (ceiling: same SQL)`,
      value: apart(s.service, l.service),
      unit: '× apart',
      ceiling: apart(s.sql, l.sql),
      target: '≤ 1.3×',
      meets: atMost(1.3),
    });
  });
  return {
    atSmall,
    atLarge,
    rows,
    report() {
      const out = [
        `Venue directory as it grows (${size(small)} and ${size(large)} venues, 5 gallery rows each, seeded in ${fmt(atSmall.seedSeconds, 0)} s and ${fmt(atLarge.seedSeconds, 0)} s; ${loading.connections} connections flat out, ${loading.seconds} s each, straight to venues-coaches; load average ${fmt(loadBefore, 1)} before):`,
      ];
      atSmall.scenarios.forEach((s, i) => {
        const l = atLarge.scenarios[i]!;
        out.push(
          `  ${s.label} — count ${size(s.count)} at ${size(small)}, ${size(l.count)} at ${size(large)}`,
          loadLine(`venues-coaches at ${size(small)}`, s.service, 38),
          loadLine(`venues-coaches at ${size(large)}`, l.service, 38),
          loadLine(`page SQL on PostgreSQL at ${size(small)}`, s.sql, 38),
          loadLine(`page SQL on PostgreSQL at ${size(large)}`, l.sql, 38),
          `  throughput ${size(small)} vs ${size(large)}: service ${fmt(apart(s.service, l.service), 2)}× apart, SQL ${fmt(apart(s.sql, l.sql), 2)}× apart   (target: service within 1.3×)`,
        );
      });
      return out.join('\n');
    },
  };
}
