import { defineConfig } from 'vitest/config';

// The replica tier: two gateways and two replicas of each service as processes, one boot shared by
// every scenario (they run in order in one file).
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['*.cluster.test.ts'],
    environment: 'node',
    globalSetup: [`${import.meta.dirname}/../../platform/src/testing/global-setup.ts`],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
