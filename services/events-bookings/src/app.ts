import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import type { ModuleContext } from './context';
import * as schema from './db/schema';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** events-bookings: events, member games, join requests, bookings, slot payments, waitlist, calendars. */
export async function buildApp(config: EventsBookingsConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app, runtime } = await createService({
    name: 'events-bookings',
    title: 'LinksMate events-bookings',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  const context: ModuleContext = { runtime, clock: deps.clock ?? systemClock, config };
  // One line per module (helpers register theirs here).
  void context;
  return app;
}
