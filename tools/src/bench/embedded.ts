import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../embedded/ports';
import { descendants, stopTree, track } from './children';
import { fmt } from './infra';
import { atMost, row } from './summary';

const main = fileURLToPath(new URL('../embedded/main.ts', import.meta.url));

function memoryKb(pid: number, field: 'Rss' | 'Pss'): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Ready is when the run says so ("LinksMate is running", after its last seeding step) and its
 * /api/v1/health answers 200. Health alone answers as soon as the gateway listens, before the run
 * has finished starting and set its signal handlers: a SIGINT then kills it outright and leaves its
 * PostgreSQL running. Fails at once if the run exits first, with its log's tail.
 */
async function untilReady(
  url: string,
  child: ChildProcess,
  said: () => boolean,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if (said()) {
      try {
        const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(1_000) });
        await response.body?.cancel();
        if (response.ok) return;
      } catch {}
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = child.exitCode !== null || child.signalCode !== null;
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  throw new Error(
    `embedded run ${exited ? `exited (${child.exitCode ?? child.signalCode}) before it was ready` : `was not ready in ${timeoutMs / 1000} s`}; its log ends:\n${tail}`,
  );
}

async function startOnce(dataDir: string, logFile: string) {
  const port = await freePort();
  const pgPort = await freePort();
  const started = performance.now();
  const log = openSync(logFile, 'a');
  // As `make run` starts it: one node process with tsx as its loader; in a process group of its own
  // so that it and what it starts can be stopped together (see children.ts).
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', log],
      detached: true,
    }),
  );
  closeSync(log);
  let said = false;
  let tail = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    const text = tail + chunk.toString();
    if (text.includes('LinksMate is running')) said = true;
    tail = text.slice(-100);
  });
  // The run stops on SIGINT as on Ctrl+C; its PostgreSQL (a group of its own) is waited for, then killed.
  const stop = () => stopTree(child, { first: 'SIGINT', graceMs: 20_000 });
  try {
    await untilReady(`http://127.0.0.1:${port}`, child, () => said, logFile, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, child, stop };
}

/** Cold start to ready (fresh data folder, so initdb included; and again on existing data) and idle memory. */
export async function measureEmbeddedRun(options: { idleSeconds?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'linksmate-bench-'));
  chmodSync(dataDir, 0o755);
  const logFile = `${dataDir}.log`;
  const running: Array<Awaited<ReturnType<typeof startOnce>>> = [];
  let measured: { fresh: number; again: number; pids: number[]; rssMb: number; pssMb: number };
  try {
    const fresh = await startOnce(dataDir, logFile);
    running.push(fresh);
    await fresh.stop();
    const again = await startOnce(dataDir, logFile);
    running.push(again);
    await new Promise((r) => setTimeout(r, (options.idleSeconds ?? 10) * 1000));
    const pids = [again.child.pid!, ...descendants(again.child.pid!)];
    measured = {
      fresh: fresh.seconds,
      again: again.seconds,
      pids,
      rssMb: pids.reduce((sum, pid) => sum + memoryKb(pid, 'Rss'), 0) / 1024,
      pssMb: pids.reduce((sum, pid) => sum + memoryKb(pid, 'Pss'), 0) / 1024,
    };
  } finally {
    for (const run of running) await run.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  }
  const { pids, rssMb, pssMb } = measured;
  return {
    freshStartSeconds: measured.fresh,
    startSeconds: measured.again,
    rssMb,
    pssMb,
    processes: pids.length,
    rows: [
      row({
        figure: 'embedded run ready, fresh data folder',
        value: measured.fresh,
        unit: 's',
        target: '≤ 8 s',
        meets: atMost(8),
      }),
      row({ figure: 'embedded run ready, existing data folder', value: measured.again, unit: 's' }),
      row({
        figure: `embedded run PSS after ${options.idleSeconds ?? 10} s idle`,
        value: pssMb,
        unit: 'MB',
        target: '≤ 400 MB',
        meets: atMost(400),
      }),
    ],
    report() {
      return [
        'Embedded run (node + embedded PostgreSQL, after install):',
        `  cold start to ready, fresh data folder (initdb included)   ${fmt(this.freshStartSeconds)} s   (target ≤ 20 s)`,
        `  cold start to ready, existing data folder                  ${fmt(this.startSeconds)} s`,
        `  idle memory, ${this.processes} processes: RSS sum ${fmt(this.rssMb, 0)} MB, PSS sum ${fmt(this.pssMb, 0)} MB   (target ≤ 500 MB)`,
      ].join('\n');
    },
  };
}
