import { causedBy, type ServiceRuntime } from '@linksmate/platform';
import { ResultsPosted } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { ChatsService } from '../modules/chats/service';

/**
 * A game's closed results (events-bookings) posted into its event chat (docs/product.md#results).
 * Its own group, so a redelivery posts nothing twice and the notification centre's group tells
 * the players on its own.
 */
export function consumeResults(runtime: ServiceRuntime<typeof schema>, chats: ChatsService): void {
  runtime.consume('results-chat', [ResultsPosted], (event, tx) =>
    chats.postResults(tx, event.data, causedBy(event)),
  );
}
