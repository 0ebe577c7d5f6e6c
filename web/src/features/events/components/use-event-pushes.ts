import { useLiveQueries } from '../../../lib/live-queries';
import { eventsKeys } from '../api/keys';

/** The pushes that change a person's standing on an event (spec 2; proto's socket table). */
const STANDING_PUSHES = [
  'join-request:approved',
  'join-request:rejected',
  'booking:confirmed',
  'booking:cancelled',
  'booking:status-changed',
  'waitlist:offered',
] as const;

/**
 * While an events screen is shown, a decision, booking or offer pushed to the person re-reads it, as
 * does the socket connecting (what was pushed meanwhile never arrives).
 */
export function useEventPushes() {
  useLiveQueries(STANDING_PUSHES, () => [eventsKeys.all], [eventsKeys.all]);
}
