import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type RunningMakeRun, startMakeRun, waitForStatus } from './stack';

/**
 * One `make run` per worker, shared by the browser test files that worker runs (sharedMakeRunForSuite
 * in suite.ts): a boot and a stop each, instead of one per file.
 *
 * A worker runs one file at a time, so the files sharing a run follow one another and never overlap;
 * what one file leaves behind, the next one finds. Hence the rules a sharing file keeps (CONTRIBUTING.md,
 * "Browser tests"):
 * - what it makes (accounts, games, events, venues, messages) it names uniquely and looks only at that;
 * - a demo person whose state it changes (password, sessions, membership, role, blocks) is one no
 *   other file signs in as, or is put back as it was when the test ends (`finally`, `onTestFinished`);
 * - what it counts (directories, lists), it counts at the start of the test that compares.
 * A file that needs the demo data exactly as seeded starts a run of its own (makeRunForSuite).
 *
 * A worker's run is started when its first browser file asks, by the test runner's own process
 * (global-setup.ts), which outlives every file and stops the runs at the end; it also hands a file
 * that starts a run of its own the seeded data to copy. A run that no longer answers is replaced
 * before a file gets it, so a file that broke its run does not fail the next.
 */
export interface SharedRuns {
  /**
   * Where the workers ask for their run (`${address}/workers/${VITEST_POOL_ID}`) and for the seeded
   * data (`${address}/seeded-data`).
   */
  address: string;
  /** Stops every run started, saying which did not stop cleanly, and removes the seeded data. */
  close(): Promise<void>;
}

/** What a worker's file gets: where the run serves, and the file its output goes to. */
interface SharedRunAddress {
  url: string;
  logFile: string;
}

/**
 * Serves the seeded data once `seeding` has made it, and each worker its run, started from a copy of
 * that data when first asked for.
 */
export async function serveSharedRuns(options: {
  seeding: Promise<string>;
  logDir: string;
}): Promise<SharedRuns> {
  // Asked for or not (a tier of make-run.test.ts alone), its failure is reported where it is asked for.
  options.seeding.catch(() => undefined);
  const runs = new Map<string, { starting: Promise<RunningMakeRun>; logFile: string }>();
  let started = 0;
  const runFor = async (worker: string): Promise<SharedRunAddress> => {
    const held = runs.get(worker);
    // A run that failed to start is started again.
    const current = await held?.starting.catch(() => undefined);
    if (held && current) {
      const answering = await waitForStatus(`${current.url}/api/v1/health`, 200, 20_000).then(
        () => true,
        () => false,
      );
      if (answering) return { url: current.url, logFile: held.logFile };
      console.error(
        `the make run shared by worker ${worker} no longer answers; another is started. It logged:\n${current.output().slice(-6_000)}`,
      );
      await current.stop();
    }
    const logFile = join(options.logDir, `worker-${worker}-run-${++started}.log`);
    const starting = options.seeding.then((dataFrom) => startMakeRun({ dataFrom, logFile }));
    runs.set(worker, { starting, logFile });
    return { url: (await starting).url, logFile };
  };

  const server = createServer((request, response) => {
    const worker = /^\/workers\/(\d+)$/.exec(request.url ?? '')?.[1];
    const answer =
      request.url === '/seeded-data' ? options.seeding : worker === undefined ? undefined : runFor(worker);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    answer.then(
      (found) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found)),
      (err: Error) => response.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    address: `http://127.0.0.1:${port}`,
    close: async () => {
      server.close();
      const stopped = await Promise.all(
        [...runs.values()].map(async ({ starting }) => {
          const run = await starting.catch(() => undefined);
          return run && { run, ...(await run.stop()) };
        }),
      );
      for (const each of stopped) {
        if (each && !each.graceful)
          console.error(`a shared make run did not stop cleanly:\n${each.run.output().slice(-6_000)}`);
      }
      const seeded = await options.seeding.catch(() => undefined);
      if (seeded) rmSync(seeded, { recursive: true, force: true });
    },
  };
}

/** This worker's shared run: where it serves, and its output so far. */
export async function sharedRun(): Promise<{ url: string; output(): string }> {
  // Vitest numbers its workers 1 to maxWorkers; no two files running at once have the same number.
  const worker = process.env.VITEST_POOL_ID ?? '1';
  const { url, logFile } = await ask<SharedRunAddress>(`/workers/${worker}`);
  return { url, output: () => readFileSync(logFile, 'utf8') };
}

/** The DATA_DIR of a stopped run seeded with the demo data, once the seeding is done: to copy, not to change. */
export const seededDataDir = () => ask<string>('/seeded-data');

async function ask<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('sharedRuns')}${path}`);
  if (response.status !== 200)
    throw new Error(`the tier's runs (global-setup.ts) answered ${path} with: ${await response.text()}`);
  return (await response.json()) as T;
}
