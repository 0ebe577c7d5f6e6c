import { eventsBookingsEvents } from './events-bookings';
import { identityEvents } from './identity';
import { messagingEvents } from './messaging';
import { paymentsEvents } from './payments';
import { EventRegistry } from './registry';
import { venuesCoachesEvents } from './venues-coaches';

export * from './envelope';
export * from './events-bookings';
export * from './identity';
export * from './messaging';
export * from './payments';
export * from './registry';
export * from './venues-coaches';

/** Every event type of the platform, routing key → schema and version. */
export const eventRegistry = new EventRegistry([
  ...identityEvents,
  ...paymentsEvents,
  ...eventsBookingsEvents,
  ...venuesCoachesEvents,
  ...messagingEvents,
]);
