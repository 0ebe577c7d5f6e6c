import { defineConfig } from 'vitest/config';

const nodeProject = (name: string, root: string) => ({
  test: {
    name,
    root,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: [`${import.meta.dirname}/platform/src/testing/global-setup.ts`],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeProject('proto', 'proto'),
      nodeProject('platform', 'platform'),
      nodeProject('gateway', 'gateway'),
      nodeProject('identity', 'services/identity'),
      nodeProject('membership-payments', 'services/membership-payments'),
      nodeProject('events-bookings', 'services/events-bookings'),
      nodeProject('venues-coaches', 'services/venues-coaches'),
      nodeProject('messaging', 'services/messaging'),
      nodeProject('admin', 'services/admin'),
      nodeProject('tools', 'tools'),
    ],
  },
});
