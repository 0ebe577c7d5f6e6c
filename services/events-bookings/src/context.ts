import type { Clock, ServiceRuntime } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import type * as schema from './db/schema';

/** What every module of events-bookings is built from. */
export interface ModuleContext {
  runtime: ServiceRuntime<typeof schema>;
  clock: Clock;
  config: EventsBookingsConfig;
}
