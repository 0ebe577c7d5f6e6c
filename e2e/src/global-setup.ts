import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveSharedRuns } from './shared-run';
import { startMakeRun } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker asks for the seeded demo data and the `make run` its browser files share (src/shared-run.ts). */
    sharedRuns: string;
  }
}

/**
 * Seeds the demo data once for the whole browser tier: one fresh `make run`, stopped as a person
 * would; every browser suite's run then starts on its own copy of that data (a start that finds its
 * data seeded: a third of a fresh start's time here). The seeding is not waited for here: the files
 * that do not need it (`make-run.test.ts`, which starts from nothing where the fresh start itself is
 * under test, and the bundle budget) run meanwhile, and a browser file waits for it when it asks for
 * its run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logDir = mkdtempSync(join(tmpdir(), 'linksmate-shared-runs-'));
  const shared = await serveSharedRuns({ seeding: seedDemoData(), logDir });
  project.provide('sharedRuns', shared.address);
  return async () => {
    await shared.close();
    rmSync(logDir, { recursive: true, force: true });
  };
}

/** A stopped `make run`'s DATA_DIR, seeded with the demo data. */
async function seedDemoData(): Promise<string> {
  const seeding = await startMakeRun({ keepData: true });
  const { graceful } = await seeding.stop();
  if (!graceful) throw new Error(`the seeding make run did not stop cleanly:\n${seeding.output()}`);
  return seeding.dataDir;
}
