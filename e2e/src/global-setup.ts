import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveSharedRuns } from './shared-run';
import { startMakeRun } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped `make run`'s DATA_DIR, seeded with the demo data at the start of this test run. */
    seededDataDir: string;
    /** Where a worker asks for the `make run` its browser test files share (src/shared-run.ts). */
    sharedRuns: string;
  }
}

/**
 * Seeds the demo data once for the whole browser tier: one fresh `make run`, stopped as a person
 * would; every browser suite's run then starts on its own copy of that data (a start that finds its
 * data seeded: a third of a fresh start's time here), whether shared by a worker's files or a file's
 * own. `make-run.test.ts` still starts from nothing, where the fresh start itself is under test.
 */
export default async function seedOnce(project: TestProject): Promise<() => Promise<void>> {
  const seeding = await startMakeRun({ keepData: true });
  const { graceful } = await seeding.stop();
  if (!graceful) throw new Error(`the seeding make run did not stop cleanly:\n${seeding.output()}`);
  project.provide('seededDataDir', seeding.dataDir);
  const logDir = mkdtempSync(join(tmpdir(), 'linksmate-shared-runs-'));
  const shared = await serveSharedRuns({ seededDataDir: seeding.dataDir, logDir });
  project.provide('sharedRuns', shared.address);
  return async () => {
    await shared.close();
    rmSync(seeding.dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  };
}
