import { type LoadConfigOptions, loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import { SEAT_HOLD_MINUTES, WAITLIST_OFFER_MINUTES } from '@linksmate/proto';
import Type from 'typebox';

export const EventsBookingsConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3003),
  /** membership-payments, for event payment intents, their status and refunds (`/internal/event-payments`). */
  PAYMENTS_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3002' }),
  /**
   * venues-coaches, for the tee a round is entered on and the tees a game's results are scored from
   * (`/internal/tees/{id}`).
   */
  VENUES_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3004' }),
  /** How long a person recording a round or opening a game's scoring waits for venues-coaches. */
  VENUES_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5_000 }),
  /** How long a person waits for payments before the checkout gives up. */
  PAYMENTS_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** How long a paid checkout holds its seats. */
  SEAT_HOLD_MINUTES: Type.Integer({ minimum: 1, maximum: 24 * 60, default: SEAT_HOLD_MINUTES }),
  /** How long a waitlist offer of a paid seat stays open. */
  WAITLIST_OFFER_MINUTES: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: WAITLIST_OFFER_MINUTES }),
  /** How often lapsed holds and offers are swept (their seats are already free to others). */
  HOLD_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** How often bookings are looked at for reminders due (a reminder goes at most this late). */
  REMINDER_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 60_000 }),
});
export type EventsBookingsConfig = Type.Static<typeof EventsBookingsConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadEventsBookingsConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): EventsBookingsConfig {
  return loadConfig(EventsBookingsConfigSchema, env, 'events-bookings', options);
}
