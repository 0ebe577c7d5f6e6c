import { defineConfig } from 'vitest/config';

// The fuzz tier: the whole platform on the test PostgreSQL, attacked through the gateway.
export default defineConfig({
  test: {
    name: 'fuzz',
    root: import.meta.dirname,
    include: ['*.fuzz.test.ts'],
    environment: 'node',
    globalSetup: [`${import.meta.dirname}/../../platform/src/testing/global-setup.ts`],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
