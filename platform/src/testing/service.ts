import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@linksmate/proto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TokenVerifier } from '../auth/tokens';
import type { Clock } from '../clock';
import { inbox } from '../db/tables';
import type { HttpApp } from '../http/app';
import { eventually, TestEventBus } from './bus';
import { TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

export interface ServiceUnderTest {
  app: HttpApp;
  bus: TestEventBus;
  clock: TestClock;
  database: TestDatabase;
  /** Publishes what is in the outbox now and lets the bus hand it to its subscribers. */
  settle(): Promise<void>;
  /**
   * Hands another context's event to the service's consumers, as the bus would, and waits until
   * they have handled it (its id in their inbox, so its effect is committed).
   */
  deliver(event: EventEnvelope): Promise<void>;
  close(): Promise<void>;
}

/** An event as another context would publish it (version 1), for `deliver`. */
export const foreignEvent = (
  type: string,
  data: Record<string, unknown>,
  source = 'identity',
): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  source,
  correlationId: randomUUID(),
  data,
});

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
  const settle = async () => {
    await app.serviceRuntime.flushOutbox();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    app,
    bus,
    clock,
    database,
    settle,
    deliver: async (event) => {
      await bus.publish([event]);
      await settle();
      await eventually(async () => {
        const handled = await app.serviceRuntime.db
          .select({ eventId: inbox.eventId })
          .from(inbox)
          .where(eq(inbox.eventId, event.id))
          .limit(1);
        if (!handled.length) throw new Error(`${event.type} ${event.id} not handled yet`);
      });
    },
    close: async () => {
      await app.close();
      await bus.close();
      await database.drop();
    },
  };
}
