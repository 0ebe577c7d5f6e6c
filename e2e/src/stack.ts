import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@linksmate/tools/ports';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningMakeRun {
  url: string;
  /** The run's DATA_DIR. */
  dataDir: string;
  /** PostgreSQL's own data folder, wherever the run chose to keep it. */
  postgresDir: string;
  output(): string;
  /**
   * Ctrl+C, as a person would: SIGINT to the terminal's process group. Resolves once make, node and
   * PostgreSQL (which runs in a group of its own) are gone, saying whether that happened without force.
   */
  stop(): Promise<{ graceful: boolean }>;
}

/**
 * Runs `make run` as a newcomer would, on free ports, and waits until it prints the URL to open. In
 * this checkout it gets a fresh DATA_DIR; in another clone (`repo`) DATA_DIR is left unset, so the
 * run picks its data folder itself.
 */
export async function startMakeRun(
  options: {
    repo?: string;
    extraEnv?: Record<string, string>;
    timeoutMs?: number;
    /** A stopped run's DATA_DIR to start from (copied): a run that finds its data seeded already. */
    dataFrom?: string;
    /** Leave DATA_DIR in place when the run stops (to start others from it). */
    keepData?: boolean;
    /** Where the run's output goes, for another process to read (src/shared-run.ts); else a pipe to this one. */
    logFile?: string;
  } = {},
): Promise<RunningMakeRun> {
  const env: Record<string, string | undefined> = { ...process.env };
  // As a person's shell would: the test runner's NODE_ENV=test would build the web in test mode.
  delete env.NODE_ENV;
  let temporaryDataDir: string | undefined;
  if (options.repo) delete env.DATA_DIR;
  else {
    temporaryDataDir = mkdtempSync(join(tmpdir(), 'linksmate-data-'));
    // A DATA_DIR given is used as is, and the postgres user PostgreSQL runs as under root must enter it.
    chmodSync(temporaryDataDir, 0o755);
    // Owners and modes kept: PostgreSQL refuses a data folder that is not its own, mode 0700.
    if (options.dataFrom) execFileSync('cp', ['-a', `${options.dataFrom}/.`, temporaryDataDir]);
    env.DATA_DIR = temporaryDataDir;
  }
  const port = await freePort();
  const pgPort = await freePort();
  const log = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  const child: ChildProcess = spawn('make', ['run'], {
    cwd: options.repo ?? repoRoot,
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ...options.extraEnv,
    },
    stdio: log === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
  });
  if (log !== undefined) closeSync(log);
  let piped = '';
  child.stdout?.on('data', (chunk) => (piped += chunk));
  child.stderr?.on('data', (chunk) => (piped += chunk));
  const output = () => (options.logFile === undefined ? piped : readFileSync(options.logFile, 'utf8'));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const removeTemporaryData = () => {
    if (temporaryDataDir && !options.keepData) rmSync(temporaryDataDir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolve, reject) => {
    const settle = (done: () => void) => {
      clearTimeout(timer);
      clearInterval(check);
      done();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`make run did not print its URL in time:\n${output()}`))),
      options.timeoutMs ?? 180_000,
    );
    // Looked for as the output grows (in a pipe or a file).
    const check = setInterval(() => {
      const match = /Open (http:\/\/\S+)/.exec(output());
      if (match) settle(() => resolve(match[1]!));
    }, 100);
    void exited.then((code) => {
      removeTemporaryData();
      settle(() => reject(new Error(`make run exited with ${code}:\n${output()}`)));
    });
  });

  const dataDir = env.DATA_DIR ?? join(options.repo ?? repoRoot, '.data');
  // As root, when the postgres user cannot enter the data folder, the run keeps PostgreSQL's data elsewhere and says where.
  const moved = /PostgreSQL keeps its data in (.+?) \(/.exec(output())?.[1];
  const postgresDir = moved ?? join(dataDir, 'postgres');
  return {
    url,
    dataDir,
    postgresDir,
    output,
    stop: async () => {
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // PostgreSQL removes its postmaster.pid only when it shuts down cleanly.
      const postmasterFile = join(postgresDir, 'postmaster.pid');
      const postmaster = () =>
        existsSync(postmasterFile) ? Number(readFileSync(postmasterFile, 'utf8').split('\n')[0]) : null;
      const running = () => alive(-child.pid!) || postmaster() !== null;
      if (alive(-child.pid!)) process.kill(-child.pid!, 'SIGINT');
      const deadline = Date.now() + 30_000;
      while (running() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const graceful = !running();
      if (!graceful) {
        if (alive(-child.pid!)) process.kill(-child.pid!, 'SIGKILL');
        const pid = postmaster();
        if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      }
      await exited;
      removeTemporaryData();
      // Moved data belongs to this run alone (a fresh DATA_DIR or a throwaway clone).
      if (moved && !options.keepData) rmSync(dirname(moved), { recursive: true, force: true });
      return { graceful };
    },
  };
}

/** Polls until the URL answers with the status, or fails after the timeout. */
export async function waitForStatus(url: string, status: number, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === status) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer ${status} in time (last: ${last})`);
}
