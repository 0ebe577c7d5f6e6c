import { useLiveQueries } from '../../../lib/live-queries';
import { messagesKeys } from '../api/keys';

/**
 * While signed in (once, beside the socket): a new message, a read receipt or an announcement pushed
 * to the person makes the conversations, the open conversation and the badge read again (no polling
 * while the socket is up), and so does each connection of the socket.
 */
export function useMessagePushes() {
  useLiveQueries(
    ['message:new', 'message:read', 'announcement:new'],
    (name, payload) => {
      if (name === 'announcement:new') return [messagesKeys.announcements()];
      const data = payload as { event_id: number | null };
      return [
        messagesKeys.conversations(),
        messagesKeys.unread(),
        // Which page it belongs to differs by side (the sender's id for one, the receiver's for the other).
        data.event_id ? messagesKeys.conversation('event', data.event_id) : [...messagesKeys.all, 'direct'],
      ];
    },
    [messagesKeys.all, messagesKeys.announcements()],
  );
}

/** Mounted once for a signed-in person: the messages' queries follow the socket's pushes. */
export function MessagePushes() {
  useMessagePushes();
  return null;
}
