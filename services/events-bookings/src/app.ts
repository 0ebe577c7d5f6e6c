import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import { consumeCoaches } from './consumers/coaches';
import { consumeUsers } from './consumers/users';
import { consumeVenues } from './consumers/venues';
import type { ModuleContext } from './context';
import * as schema from './db/schema';

import { registerEventRoutes } from './modules/events/routes';
import { EventReads, EventsService, ReadModel } from './modules/events/service';
import { Projections } from './modules/projections/service';
import { Seats } from './modules/seats/service';

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
  /** Capacity, shared by every module that takes or frees seats (the waitlist listens to it). */
  const seats = new Seats();
  const projections = new Projections();
  const eventReads = new EventReads(new ReadModel(runtime.db), context.clock);
  // One line per module (helpers register theirs here).
  consumeUsers(runtime, projections);
  consumeVenues(runtime, projections);
  consumeCoaches(runtime, projections);
  registerEventRoutes(app, new EventsService({ ...context, seats, projections, reads: eventReads }));
  return app;
}
