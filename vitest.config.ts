import { defineConfig } from 'vitest/config';

const nodeProject = (name: string, root: string) => ({
  test: {
    name,
    root,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Files share a worker's loaded modules: each file still gets its own database, queues and app,
    // and nothing here mocks modules, while loading fastify, drizzle and the services again for
    // every file was a third of the tier's time.
    isolate: false,
    globalSetup: [`${import.meta.dirname}/platform/src/testing/global-setup.ts`],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which left the
    // tier waiting on PostgreSQL and RabbitMQ with a core idle. Three keep both cores busy.
    maxWorkers: 3,
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
      // The web app's fast tier: its pure modules, and its components rendered in happy-dom with
      // only the network faked (test/support). Dates are read in one Australian zone, whatever the
      // machine's, so what a screen shows is the same everywhere.
      {
        test: {
          name: 'web',
          root: 'web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/support/setup.ts'],
          env: { TZ: 'Australia/Sydney' },
          // A rendered screen takes milliseconds alone, far longer on a machine shared with others.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
