import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const EventsBookingsConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3003),
});
export type EventsBookingsConfig = Type.Static<typeof EventsBookingsConfigSchema>;

export function loadEventsBookingsConfig(
  env: Record<string, string | undefined> = process.env,
): EventsBookingsConfig {
  return loadConfig(EventsBookingsConfigSchema, env, 'events-bookings');
}
