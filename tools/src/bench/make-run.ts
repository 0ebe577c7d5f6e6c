import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../embedded/ports';
import { root } from './processes';

/** `make run` as e2e starts it (e2e/src/stack.ts): fresh DATA_DIR, free ports, its own process group. */
export async function startMakeRun(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linksmate-bench-'));
  chmodSync(dataDir, 0o755);
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  const child: ChildProcess = spawn('make', ['run'], {
    cwd: root,
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {}
    const forced = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, 30_000);
    await exited;
    clearTimeout(forced);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`make run did not print its URL in time:\n${output}`)),
      180_000,
    );
    child.stdout?.on('data', () => {
      const match = /Open (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`make run exited:\n${output}`)));
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { url, stop };
}
