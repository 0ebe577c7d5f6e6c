import { defineConfig } from 'vitest/config';

// Browser and whole-stack tests against a real `make run`: the browser files of a worker share one
// (src/shared-run.ts says when a file may), make-run.test.ts starts its own as a newcomer would.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    environment: 'node',
    // Two files at a time: each waits on its browser and its run much of the time, so two share the
    // machine's two cores (the tier took 742 s one at a time here, 617–651 s two at a time).
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // A page under a busy machine can take seconds to show what a poll waits for; Vitest's default
    // of one second made such waits fail with two runs and two browsers at work.
    expect: { poll: { timeout: 15_000 } },
    // A browser test that fails is run once more. Each failed attempt still prints what its pages
    // showed and what the run logged (src/suite.ts), so a flaky step stays visible in the output;
    // a test that fails twice fails the tier.
    retry: 1,
  },
});
