import { defineConfig } from 'vitest/config';

// Browser and whole-stack tests: one file at a time, each against a real `make run`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
