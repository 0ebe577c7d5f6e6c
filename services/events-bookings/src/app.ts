import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { EventsBookingsConfig } from './config';
import { consumePayments } from './consumers/payments';
import type { ModuleContext } from './context';
import * as schema from './db/schema';
import { holdSweep } from './jobs/hold-sweep';
import { PaymentsClient } from './lib/payments-client';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { CheckoutService } from './modules/checkout/service';
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
  const seats = new Seats();
  const payments = new PaymentsClient({
    url: config.PAYMENTS_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.PAYMENTS_TIMEOUT_MS,
  });
  const checkout = new CheckoutService({
    ...context,
    seats,
    payments,
    logger: runtime.logger.child({ module: 'checkout' }),
  });

  // One line per module (helpers register theirs here).
  registerCheckoutRoutes(app, checkout);
  consumePayments(runtime, checkout);
  runtime.job(holdSweep(checkout, config.HOLD_SWEEP_INTERVAL_MS));
  return app;
}
