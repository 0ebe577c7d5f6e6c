import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../embedded/ports';
import { fmt } from './infra';

const main = fileURLToPath(new URL('../embedded/main.ts', import.meta.url));

/** Every process below the given one (the embedded PostgreSQL's server and workers included). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

function memoryKb(pid: number, field: 'Rss' | 'Pss'): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

async function untilHealthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('embedded run did not become healthy in time');
}

async function startOnce(dataDir: string) {
  const port = await freePort();
  const pgPort = await freePort();
  const started = performance.now();
  // As `make run` starts it: one node process with tsx as its loader.
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await untilHealthy(`http://127.0.0.1:${port}`, 120_000);
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/** Cold start to ready (fresh data folder, so initdb included; and again on existing data) and idle memory. */
export async function measureEmbeddedRun(options: { idleSeconds?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'linksmate-bench-'));
  chmodSync(dataDir, 0o755);
  const fresh = await startOnce(dataDir);
  await fresh.stop();
  const again = await startOnce(dataDir);
  await new Promise((r) => setTimeout(r, (options.idleSeconds ?? 10) * 1000));
  const pids = [again.child.pid!, ...descendants(again.child.pid!)];
  const rssMb = pids.reduce((sum, pid) => sum + memoryKb(pid, 'Rss'), 0) / 1024;
  const pssMb = pids.reduce((sum, pid) => sum + memoryKb(pid, 'Pss'), 0) / 1024;
  await again.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    freshStartSeconds: fresh.seconds,
    startSeconds: again.seconds,
    rssMb,
    pssMb,
    processes: pids.length,
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
