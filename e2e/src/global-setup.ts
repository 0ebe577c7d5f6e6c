import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startMakeRun } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped `make run`'s DATA_DIR, seeded with the demo data at the start of this test run. */
    seededDataDir: string;
  }
}

/**
 * Seeds the demo data once for the whole browser tier: one fresh `make run`, stopped as a person
 * would; each browser suite then starts `make run` on its own copy of that data (a start that finds
 * its data seeded: a third of a fresh start's time here). `make-run.test.ts` still starts from
 * nothing, where the fresh start itself is under test.
 */
export default async function seedOnce(project: TestProject): Promise<() => void> {
  const seeding = await startMakeRun({ keepData: true });
  const { graceful } = await seeding.stop();
  if (!graceful) throw new Error(`the seeding make run did not stop cleanly:\n${seeding.output()}`);
  project.provide('seededDataDir', seeding.dataDir);
  return () => rmSync(seeding.dataDir, { recursive: true, force: true });
}
