import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import { consumeCoaches } from './consumers/coaches';
import { consumePayments } from './consumers/payments';
import { consumeUsers } from './consumers/users';
import { consumeVenues } from './consumers/venues';
import type { ModuleContext } from './context';
import * as schema from './db/schema';
import { bookingReminders } from './jobs/booking-reminders';
import { holdSweep } from './jobs/hold-sweep';
import { PaymentsClient } from './lib/payments-client';
import { VenuesClient } from './lib/venues-client';
import { registerAvailabilityRoutes } from './modules/availability/routes';
import { AvailabilityService } from './modules/availability/service';
import { registerBookingRoutes } from './modules/bookings/routes';
import { BookingsService } from './modules/bookings/service';
import { registerCalendarRoutes } from './modules/calendar/routes';
import { CalendarService } from './modules/calendar/service';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { CheckoutService } from './modules/checkout/service';
import { registerEventRoutes } from './modules/events/routes';
import { EventNotices, EventReads, EventsService, ReadModel } from './modules/events/service';
import { registerImportRoutes } from './modules/imports/routes';
import { ImportsService } from './modules/imports/service';
import { Projections } from './modules/projections/service';
import { RemindersService } from './modules/reminders/service';
import { registerResultRoutes } from './modules/results/routes';
import { ResultsService } from './modules/results/service';
import { registerRoundRoutes } from './modules/rounds/routes';
import { RoundsService } from './modules/rounds/service';
import { Seats } from './modules/seats/service';
import { registerWaitlistRoutes } from './modules/waitlist/routes';
import { WaitlistService } from './modules/waitlist/service';

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
  const payments = new PaymentsClient({
    url: config.PAYMENTS_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.PAYMENTS_TIMEOUT_MS,
  });
  const bookings = new BookingsService({ ...context, seats, projections, payments });
  const waitlist = new WaitlistService({ ...context, seats, bookings });
  seats.onSeatsFreed(waitlist.promoteNext);
  const checkout = new CheckoutService({
    ...context,
    seats,
    payments,
    logger: runtime.logger.child({ module: 'checkout' }),
  });
  // One line per module.
  consumeUsers(runtime, projections);
  consumeVenues(runtime, projections);
  consumeCoaches(runtime, projections);
  consumePayments(runtime, checkout, bookings);
  registerEventRoutes(app, new EventsService({ ...context, seats, projections, reads: eventReads }));
  registerImportRoutes(
    app,
    new ImportsService({
      ...context,
      seats,
      projections,
      reads: eventReads,
      eventNotices: new EventNotices(runtime),
    }),
  );
  registerBookingRoutes(app, bookings);
  registerWaitlistRoutes(app, waitlist);
  registerCalendarRoutes(app, new CalendarService(context));
  registerCheckoutRoutes(app, checkout);
  registerAvailabilityRoutes(app, new AvailabilityService({ ...context, projections }));
  const venues = new VenuesClient({
    url: config.VENUES_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.VENUES_TIMEOUT_MS,
  });
  // Rounds: a game's results record theirs through this same service (recordRound, recordRoundIn).
  const rounds = new RoundsService({ ...context, venues });
  registerRoundRoutes(app, rounds);
  registerResultRoutes(app, new ResultsService({ ...context, projections, rounds }));
  runtime.job(holdSweep(checkout, config.HOLD_SWEEP_INTERVAL_MS));
  runtime.job(bookingReminders(new RemindersService(context), config.REMINDER_SWEEP_INTERVAL_MS));
  return app;
}
