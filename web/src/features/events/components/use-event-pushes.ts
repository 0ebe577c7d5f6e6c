import { useQueryClient } from '@tanstack/react-query';
import { useSocketPushes } from '../../../lib/socket-pushes';
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

/** While an events screen is shown, a decision, booking or offer pushed to the person re-reads it. */
export function useEventPushes() {
  const queryClient = useQueryClient();
  useSocketPushes(STANDING_PUSHES, () => {
    void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
  });
}
