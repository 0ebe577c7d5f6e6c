import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../embedded/ports';
import { descendants, stopTree, track } from './children';
import { fmt } from './infra';
import { atMost, row } from './summary';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * How `npm start` starts the run (package.json's start script, `<steps> && node <options> <script>`):
 * the steps before node (building the run's bundle when its sources changed), node's options and the
 * script, read from the tree being measured so the bench starts the run exactly as `make run` does.
 * Paths in them are the tree's root's.
 */
export function startCommand(): { before: string[]; nodeOptions: string[]; script: string } {
  const start: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const commands = start.split('&&').map((c) => c.trim());
  const words = commands.at(-1)!.split(/\s+/);
  return {
    before: commands.slice(0, -1),
    nodeOptions: words.slice(words.indexOf('node') + 1, -1),
    script: join(root, words.at(-1)!),
  };
}

/** The environment `make run` sets before `npm start` (`NAME=value` words in the Makefile's run recipe). */
export function makeRunEnvironment(): Record<string, string> {
  const makefile = readFileSync(join(root, 'Makefile'), 'utf8');
  const recipe = /^run:.*\n((?:\t.*\n)+)/m.exec(makefile)?.[1] ?? '';
  const line = recipe.split('\n').find((l) => l.includes('npm start')) ?? '';
  return Object.fromEntries(
    [...line.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m): [string, string] => [m[1]!, m[2]!]),
  );
}

function pssKb(pid: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = /^Pss:\s+(\d+) kB/m.exec(rollup);
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

/** PSS sum (MB) of a process and everything below it (node, PostgreSQL and its backends, ffmpeg). */
function treePssMb(root: number): { mb: number; byProgram: Record<string, number>; processes: number } {
  const pids = [root, ...descendants(root)];
  const byProgram: Record<string, number> = {};
  let kb = 0;
  for (const pid of pids) {
    const pss = pssKb(pid);
    kb += pss;
    const program = programOf(pid);
    byProgram[program] = (byProgram[program] ?? 0) + pss / 1024;
  }
  return { mb: kb / 1024, byProgram, processes: pids.length };
}

/**
 * CPU seconds the tree has used: its live processes', and what its node and its PostgreSQL server
 * have waited for (initdb, ffmpeg, ended backends). What the start costs whatever else the machine
 * is doing: on a machine of n idle cores it is ready in no less than this ÷ n.
 */
function treeCpuSeconds(root: number): number {
  const pids = [root, ...descendants(root)];
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime; and cutime, cstime: children waited for.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {}
  }
  return ticks / 100;
}

function programOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** e.g. 'node 250, postgres 110, ffmpeg 30 MB', largest first. */
const programsText = (byProgram: Record<string, number>) =>
  `${Object.entries(byProgram)
    .sort((a, b) => b[1] - a[1])
    .map(([program, mb]) => `${program} ${fmt(mb, 0)}`)
    .join(', ')} MB`;

/** Where the run was when a memory sample was taken: starting, seeding the demo, or idle after ready. */
type Stretch = 'start' | 'seeding' | 'idle';

interface MemoryPeak {
  mb: number;
  /** Its parts by program: node, postgres, ffmpeg. */
  byProgram: Record<string, number>;
  /** Seconds after spawn. */
  at: number;
  during: Stretch;
}

const SAMPLE_EVERY_MS = 200;

/**
 * One start of the run, its whole process tree's PSS sampled every 200 ms from spawn until it is
 * stopped; its stretches are told by the lines the run prints with EMBEDDED_PHASES=1 (phases.ts).
 */
async function startOnce(dataDir: string, logFile: string) {
  const command = startCommand();
  // What npm start does before node (the bundle built when stale) is a build step, as the web's is:
  // done before the clock starts.
  for (const step of command.before) execSync(step, { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const pgPort = await freePort();
  const started = performance.now();
  const log = openSync(logFile, 'a');
  // As `make run` starts it: one node process on the run's bundle, its malloc settings; in a process group of its own
  // so that it and what it starts can be stopped together (see children.ts).
  const child = track(
    spawn(process.execPath, [...command.nodeOptions, command.script], {
      cwd: root,
      env: {
        ...process.env,
        ...makeRunEnvironment(),
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        EMBEDDED_PHASES: '1',
      },
      stdio: ['ignore', 'pipe', log],
      detached: true,
    }),
  );
  closeSync(log);
  let said = false;
  let stretch: Stretch = 'start';
  const phases: Array<{ name: string; ms: number }> = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line.includes('LinksMate is running')) said = true;
      const begins = /^phase-begin (\S+)/.exec(line);
      if (begins?.[1] === 'seeding' || begins?.[1] === 'idle') stretch = begins[1];
      const phase = /^phase (.+) (\d+) ms$/.exec(line);
      if (phase) phases.push({ name: phase[1]!, ms: Number(phase[2]) });
    }
  });
  const peak: MemoryPeak = { mb: 0, byProgram: {}, at: 0, during: 'start' };
  const sample = () => {
    const { mb, byProgram } = treePssMb(child.pid!);
    if (mb > peak.mb)
      Object.assign(peak, { mb, byProgram, at: (performance.now() - started) / 1000, during: stretch });
  };
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  // The run stops on SIGINT as on Ctrl+C; its PostgreSQL (a group of its own) is waited for, then killed.
  const stop = async () => {
    clearInterval(sampler);
    await stopTree(child, { first: 'SIGINT', graceMs: 20_000 });
  };
  try {
    await untilReady(`http://127.0.0.1:${port}`, child, () => said, logFile, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = treeCpuSeconds(child.pid!);
  /** After `idleSeconds` of idle: the tree's PSS now, and the highest sample since spawn. */
  const idle = async (idleSeconds: number) => {
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    sample();
    return { ...treePssMb(child.pid!), peak: { ...peak } };
  };
  return { seconds, cpuSeconds, child, stop, idle, phases };
}

/**
 * Cold start to ready on a fresh data folder (initdb and seeding included) and again on the
 * existing one; for each, the PSS of the run's whole process tree at its highest (sampled every
 * 200 ms from spawn) and after an idle while.
 */
export async function measureEmbeddedRun(options: { idleSeconds?: number; freshRuns?: number } = {}) {
  const idleSeconds = options.idleSeconds ?? 10;
  // A fresh start on two cores varies by a second or two from run to run: the median of three.
  const freshRuns = options.freshRuns ?? 3;
  const dataDirs: string[] = [];
  const running: Array<Awaited<ReturnType<typeof startOnce>>> = [];
  const measure = async (dataDir: string) => {
    const run = await startOnce(dataDir, `${dataDir}.log`);
    running.push(run);
    const memory = await run.idle(idleSeconds);
    await run.stop();
    return { seconds: run.seconds, cpuSeconds: run.cpuSeconds, phases: run.phases, ...memory };
  };
  const freshDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'linksmate-bench-'));
    chmodSync(dir, 0o755);
    dataDirs.push(dir);
    return dir;
  };
  const freshes: Array<Awaited<ReturnType<typeof measure>>> = [];
  let again: Awaited<ReturnType<typeof measure>>;
  try {
    for (let i = 0; i < freshRuns; i++) freshes.push(await measure(freshDataDir()));
    again = await measure(dataDirs.at(-1)!);
  } finally {
    for (const run of running) await run.stop();
    for (const dir of dataDirs) {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.log`, { force: true });
    }
  }
  const bySeconds = [...freshes].sort((a, b) => a.seconds - b.seconds);
  const fresh = bySeconds[Math.floor((bySeconds.length - 1) / 2)]!;
  // Memory's target holds at every moment: the highest peak of all the fresh runs.
  const freshPeak = freshes.reduce((high, run) => (run.peak.mb > high.peak.mb ? run : high)).peak;
  const freshTimes = freshes.map((run) => `${fmt(run.seconds)} s`).join(', ');
  const peakText = (p: MemoryPeak) =>
    `${fmt(p.mb, 0)} MB (${programsText(p.byProgram)}) at ${fmt(p.at, 1)} s (${p.during})`;
  const phaseText = (phases: Array<{ name: string; ms: number }>) =>
    phases.map((p) => `    ${p.name.padEnd(28)}${String(p.ms).padStart(7)} ms`).join('\n');
  return {
    freshStartSeconds: fresh.seconds,
    startSeconds: again.seconds,
    freshPeakPssMb: freshPeak.mb,
    peakPssMb: again.peak.mb,
    pssMb: again.mb,
    processes: again.processes,
    rows: [
      row({
        figure: `embedded run ready, fresh data folder (median of ${freshRuns})`,
        value: fresh.seconds,
        unit: 's',
        target: '≤ 8 s',
        meets: atMost(8),
      }),
      row({
        figure: `embedded run peak PSS, fresh data folder (${freshPeak.during})`,
        value: freshPeak.mb,
        unit: 'MB',
        target: '≤ 400 MB',
        meets: atMost(400),
      }),
      row({ figure: 'embedded run ready, existing data folder', value: again.seconds, unit: 's' }),
      row({
        figure: `embedded run peak PSS, existing data folder (${again.peak.during})`,
        value: again.peak.mb,
        unit: 'MB',
        target: '≤ 400 MB',
        meets: atMost(400),
      }),
      row({ figure: `embedded run PSS after ${idleSeconds} s idle`, value: again.mb, unit: 'MB' }),
    ],
    report() {
      return [
        'Embedded run (node + embedded PostgreSQL, after install; PSS of its whole process tree, sampled every 200 ms):',
        `  fresh data folder (initdb, seeding): ready in ${fmt(fresh.seconds)} s, the median of ${freshTimes} (target ≤ 8 s), ${fmt(fresh.cpuSeconds, 1)} CPU s; PSS peak ${peakText(freshPeak)}, after ${idleSeconds} s idle ${fmt(fresh.mb, 0)} MB (${programsText(fresh.byProgram)}) (target ≤ 400 MB at every moment)`,
        `  existing data folder:                ready in ${fmt(again.seconds)} s, ${fmt(again.cpuSeconds, 1)} CPU s; PSS peak ${peakText(again.peak)}, after ${idleSeconds} s idle ${fmt(again.mb, 0)} MB (${programsText(again.byProgram)}), ${again.processes} processes`,
        '  where the median fresh start spent its time:',
        phaseText(fresh.phases),
        '  and the start on existing data:',
        phaseText(again.phases),
      ].join('\n');
    },
  };
}
