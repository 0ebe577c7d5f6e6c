import type { Logger } from 'pino';
import type { TokenVerifier } from '../auth/tokens';
import type { Clock } from '../clock';
import type { HttpApp } from '../http/app';
import { TestEventBus } from './bus';
import { TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

export interface ServiceUnderTest {
  app: HttpApp;
  bus: TestEventBus;
  clock: TestClock;
  database: TestDatabase;
  /** Publishes what is in the outbox now and lets the bus hand it to its subscribers. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One service on its own fresh database (cloned from the migrated template), a recording test bus
 * and a movable clock: what a service's API tests start from.
 */
export async function startServiceUnderTest(options: {
  name: string;
  migrationsFolder: string;
  build: (
    env: Record<string, string>,
    deps: { bus: TestEventBus; clock: Clock; logger: Logger; verifier?: TokenVerifier },
  ) => Promise<HttpApp>;
  env?: Record<string, string>;
  verifier?: TokenVerifier;
  logger: Logger;
}): Promise<ServiceUnderTest> {
  const database = await createTestDatabase(options.name, options.migrationsFolder);
  const bus = new TestEventBus();
  await bus.start();
  const clock = new TestClock();
  const app = await options.build(
    { DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...options.env },
    {
      bus,
      clock: clock.now,
      logger: options.logger,
      ...(options.verifier ? { verifier: options.verifier } : {}),
    },
  );
  await app.ready();
  return {
    app,
    bus,
    clock,
    database,
    settle: async () => {
      await app.serviceRuntime.flushOutbox();
      await new Promise((resolve) => setImmediate(resolve));
    },
    close: async () => {
      await app.close();
      await bus.close();
      await database.drop();
    },
  };
}
