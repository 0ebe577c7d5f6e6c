import { Pool } from 'undici';
import { freePort } from '../embedded/ports';
import { fmt, scratchDatabase } from './infra';
import { cpuMs, flatOut, paced, serviceAndGateway, startGateway, startProcess, stop } from './processes';

/** The rates the gateway's CPU per request is measured at, beside the bare proxy's. */
const RATES = [20, 100, 400] as const;

interface CpuFigure {
  label: string;
  gatewayMs: number;
  bareMs: number;
  gatewayRate: number;
  bareRate: number;
}

/** CPU (ms) `pid` spent per request while `run` sent them. */
async function cpuPerRequest(
  pid: number | undefined,
  run: () => Promise<{ requests: number; rate: number }>,
) {
  const before = cpuMs(pid);
  const { requests, rate } = await run();
  return { ms: (cpuMs(pid) - before) / requests, rate };
}

/**
 * The gateway's CPU when little happens: per request at 20, 100 and 400 req/s and flat out, beside a
 * bare proxy (node:http + undici) doing the same forwarding, and per second with no traffic at all.
 * Each is its own process in front of the same identity, so what is counted is the proxy's alone.
 */
export async function measureGatewayCpu(options: { seconds?: number; idleSeconds?: number } = {}) {
  const seconds = options.seconds ?? 15;
  const idleSeconds = options.idleSeconds ?? 30;
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

    // Idle first, after start-up has settled: nothing is sent to either for `idleSeconds`.
    await new Promise((r) => setTimeout(r, 3_000));
    const idleBefore = { gateway: cpuMs(gateway.pid), bare: cpuMs(bare.pid) };
    const idleStarted = performance.now();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const idleElapsed = (performance.now() - idleStarted) / 1000;
    const idle = {
      gateway: (cpuMs(gateway.pid) - idleBefore.gateway) / idleElapsed,
      bare: (cpuMs(bare.pid) - idleBefore.bare) / idleElapsed,
    };

    const figures: CpuFigure[] = [];
    const measure = async (
      label: string,
      send: (url: string) => Promise<{ requests: number; rate: number }>,
    ) => {
      const g = await cpuPerRequest(gateway.pid, () => send(targets.gateway));
      const b = await cpuPerRequest(bare.pid, () => send(targets.bare));
      figures.push({ label, gatewayMs: g.ms, bareMs: b.ms, gatewayRate: g.rate, bareRate: b.rate });
    };
    // A short warm-up so neither pays its first compilations inside a figure.
    for (const url of Object.values(targets)) await paced(url, 200, 2);
    for (const rate of RATES) {
      await measure(`${rate} req/s`, async (url) => {
        const r = await paced(url, rate, seconds);
        return { requests: r.requests, rate: r.requestsPerSecond };
      });
    }
    await measure('flat out (32 connections)', async (url) => {
      const target = new URL(url);
      const pool = new Pool(target.origin, { connections: 32 });
      try {
        const r = await flatOut(
          async () => (await pool.request({ path: target.pathname, method: 'GET' })).body.dump(),
          32,
          Math.min(seconds, 10),
        );
        return { requests: r.requests, rate: r.requestsPerSecond };
      } finally {
        await pool.close();
      }
    });

    return {
      idle,
      figures,
      report() {
        return [
          `Gateway CPU at low traffic and idle (measured with /proc ticks of 10 ms; ${seconds} s per paced rate, ${idleSeconds} s idle):`,
          `  idle CPU per second: gateway ${fmt(idle.gateway, 2)} ms, bare proxy ${fmt(idle.bare, 2)} ms`,
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
