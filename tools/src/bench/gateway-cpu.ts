import { Pool } from 'undici';
import { freePort } from '../embedded/ports';
import { fmt, scratchDatabase } from './infra';
import { cpuMs, flatOut, paced, serviceAndGateway, startGateway, startProcess, stop } from './processes';
import { row, type SummaryRow } from './summary';

/** The rates the gateway's CPU per request is measured at, beside the bare proxy's. */
const RATES = [20, 100, 400] as const;

/** Below this a process is as good as asleep: a ratio to it would be noise, not a comparison. */
const IDLE_FLOOR_MS_PER_S = 0.05;

interface CpuFigure {
  label: string;
  gatewayMs: number;
  bareMs: number;
  gatewayRate: number;
  bareRate: number;
}

interface IdleFigure {
  /** The median window's CPU per second, then the quietest and the busiest window's. */
  gateway: { median: number; min: number; max: number };
  bare: { median: number; min: number; max: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/**
 * CPU per second of both processes with nothing sent to either, read in the same windows. The
 * median window is the figure: work that runs every second shows in each window, while a one-off
 * (a garbage collection some seconds after start-up) lands in one and moves the median not at all.
 */
async function idleCpu(pids: { gateway?: number; bare?: number }, windows: number, windowSeconds: number) {
  const perSecond = { gateway: [] as number[], bare: [] as number[] };
  for (let i = 0; i < windows; i++) {
    const before = { gateway: cpuMs(pids.gateway), bare: cpuMs(pids.bare) };
    const started = performance.now();
    await sleep(windowSeconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    perSecond.gateway.push((cpuMs(pids.gateway) - before.gateway) / elapsed);
    perSecond.bare.push((cpuMs(pids.bare) - before.bare) / elapsed);
  }
  return { gateway: spread(perSecond.gateway), bare: spread(perSecond.bare) } satisfies IdleFigure;
}

/**
 * The gateway's CPU when little happens: per request at 20, 100 and 400 req/s and flat out, beside a
 * bare proxy (node:http + undici) doing the same forwarding, and per second with no traffic at all.
 * Each is its own process in front of the same identity, so what is counted is the proxy's alone.
 * CPU is read per thread in nanoseconds (see `cpuMs`); at the paced rates and idle both proxies are
 * measured over the same seconds, so a change in the machine's load reaches both figures alike.
 */
export async function measureGatewayCpu(
  options: { seconds?: number; idleWindows?: number; idleWindowSeconds?: number } = {},
) {
  const seconds = options.seconds ?? 15;
  const idleWindows = options.idleWindows ?? 6;
  const idleWindowSeconds = options.idleWindowSeconds ?? 8;
  const database = await scratchDatabase('gatewaycpu');
  const { servicePort, gatewayPort, serviceUrl, gatewayUrl, common } = await serviceAndGateway();
  const barePort = await freePort();
  const service = await startProcess(
    'services/identity/src/main.ts',
    { ...common, PORT: String(servicePort), HOST: '127.0.0.1', DATABASE_URL: database.url },
    `${serviceUrl}/ready`,
  );
  const started: Array<Parameters<typeof stop>[0]> = [service];
  try {
    const gateway = await startGateway(common, gatewayPort, serviceUrl);
    started.push(gateway);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const bare = await startProcess(
      'tools/src/bench/bare-proxy.ts',
      { PORT: String(barePort), UPSTREAM_URL: serviceUrl },
      `${bareUrl}/ready`,
    );
    started.push(bare);
    const targets = { gateway: `${gatewayUrl}/api/v1/health/identity`, bare: `${bareUrl}/health` };

    // Idle first, once start-up has settled: nothing is sent to either.
    await sleep(5_000);
    const idle = await idleCpu({ gateway: gateway.pid, bare: bare.pid }, idleWindows, idleWindowSeconds);

    const figures: CpuFigure[] = [];
    // A short warm-up so neither pays its first compilations inside a figure.
    for (const url of Object.values(targets)) await paced(url, 200, 2);
    for (const rate of RATES) {
      // Both at once, the bare proxy's requests half an interval after the gateway's.
      const before = { gateway: cpuMs(gateway.pid), bare: cpuMs(bare.pid) };
      const [g, b] = await Promise.all([
        paced(targets.gateway, rate, seconds),
        sleep(500 / rate).then(() => paced(targets.bare, rate, seconds)),
      ]);
      figures.push({
        label: `${rate} req/s`,
        gatewayMs: (cpuMs(gateway.pid) - before.gateway) / g.requests,
        bareMs: (cpuMs(bare.pid) - before.bare) / b.requests,
        gatewayRate: g.requestsPerSecond,
        bareRate: b.requestsPerSecond,
      });
    }
    // Flat out each takes the machine to itself, one after the other.
    const flat = async (pid: number | undefined, url: string) => {
      const target = new URL(url);
      const pool = new Pool(target.origin, { connections: 32 });
      try {
        const before = cpuMs(pid);
        const r = await flatOut(
          async () => (await pool.request({ path: target.pathname, method: 'GET' })).body.dump(),
          32,
          Math.min(seconds, 10),
        );
        return { ms: (cpuMs(pid) - before) / r.requests, rate: r.requestsPerSecond };
      } finally {
        await pool.close();
      }
    };
    const g = await flat(gateway.pid, targets.gateway);
    const b = await flat(bare.pid, targets.bare);
    figures.push({
      label: 'flat out (32 connections)',
      gatewayMs: g.ms,
      bareMs: b.ms,
      gatewayRate: g.rate,
      bareRate: b.rate,
    });

    const idleRatio =
      idle.bare.median < IDLE_FLOOR_MS_PER_S
        ? `—, bare < ${IDLE_FLOOR_MS_PER_S} ms/s`
        : idle.gateway.median / idle.bare.median;
    const rows: SummaryRow[] = [
      row({
        figure: `gateway idle CPU per second (median of ${idleWindows} × ${idleWindowSeconds} s)`,
        value: idle.gateway.median,
        unit: 'ms/s',
        ceiling: idle.bare.median,
        ratio: idleRatio,
      }),
      ...figures.map((f) =>
        row({
          figure: `gateway CPU per request, ${f.label}`,
          // In µs, so that the table's digits show the flat-out figures too.
          value: f.gatewayMs * 1000,
          unit: 'µs',
          ceiling: f.bareMs * 1000,
          ratio: f.gatewayMs / f.bareMs,
        }),
      ),
    ];
    const range = (r: { min: number; max: number }) => `windows ${fmt(r.min, 2)}–${fmt(r.max, 2)}`;
    return {
      idle,
      figures,
      rows,
      report() {
        return [
          'Gateway CPU at low traffic and idle, beside the bare proxy (its ceiling); CPU summed over each',
          `process's threads from /proc/<pid>/task/*/schedstat (ns). Paced rates ${seconds} s each, gateway and`,
          `bare proxy loaded over the same seconds; idle: ${idleWindows} windows of ${idleWindowSeconds} s, both read in each, the median window taken.`,
          `  idle CPU per second:          gateway ${fmt(idle.gateway.median, 3)} ms/s (${range(idle.gateway)}), bare proxy ${fmt(idle.bare.median, 3)} ms/s (${range(idle.bare)}), ratio ${typeof idleRatio === 'number' ? fmt(idleRatio, 2) : idleRatio}`,
          ...figures.map(
            (f) =>
              `  ${f.label.padEnd(28)} CPU per request: gateway ${fmt(f.gatewayMs, 3)} ms (${Math.round(f.gatewayRate)} req/s), bare proxy ${fmt(f.bareMs, 3)} ms (${Math.round(f.bareRate)} req/s), ratio ${fmt(f.gatewayMs / f.bareMs, 2)}`,
          ),
        ].join('\n');
      },
    };
  } finally {
    for (const child of started.reverse()) await stop(child);
    await database.drop();
  }
}
