/** The events database: this service's tables only, one file per part of the service. */
export { idempotencyKeys, inbox, outbox } from '@linksmate/platform';
export * from './schema/availability';
export * from './schema/bookings';
export * from './schema/events';
export * from './schema/projections';
export * from './schema/results';
export * from './schema/rounds';
