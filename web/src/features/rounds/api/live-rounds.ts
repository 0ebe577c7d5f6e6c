import { useLiveQueries } from '../../../lib/live-queries';
import { roundsKeys } from './keys';

/**
 * While /rounds is shown, a round a partner just recorded with the person shows up in "Rounds to
 * confirm" at once: its notification's push reads the list afresh (docs/product.md#rounds), as does
 * every (re)connection of the socket.
 */
export function useLiveRoundsToConfirm(): void {
  useLiveQueries(
    ['notification:new'],
    (_name, payload) => (payload.notification.kind === 'round_to_confirm' ? [roundsKeys.toConfirm()] : []),
    [roundsKeys.toConfirm()],
  );
}
