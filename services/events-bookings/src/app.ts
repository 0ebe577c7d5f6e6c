import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** events-bookings: events, member games, bookings and availability. */
export async function buildApp(config: EventsBookingsConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'events-bookings',
    title: 'LinksMate events-bookings',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
