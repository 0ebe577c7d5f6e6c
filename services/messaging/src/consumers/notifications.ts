import type { ServiceRuntime } from '@linksmate/platform';
import type * as schema from '../db/schema';
import { NOTIFYING_EVENTS, type NotificationsService } from '../modules/notifications/service';

/**
 * The notification centre's group: what other contexts (and messaging's own direct messages) tell
 * a person. Its inbox makes a redelivered event notify nobody twice. An event's change or
 * cancellation is told by the event-chats group, which holds the event as it was before.
 */
export function consumeNotifications(
  runtime: ServiceRuntime<typeof schema>,
  notifications: NotificationsService,
): void {
  runtime.consume('notifications', NOTIFYING_EVENTS, (event, tx) => notifications.tell(tx, event));
}
