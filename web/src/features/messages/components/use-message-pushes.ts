import type { SocketPayload } from '@linksmate/proto';
import { useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '../../../entities/announcement/api/keys';
import { useLiveQueries } from '../../../lib/live-queries';
import { useSession } from '../../../lib/session-context';
import { messagesKeys } from '../api/keys';
import { applyMessage, applyReadReceipt, messageOfPush } from '../api/live-cache';

/**
 * While signed in (once, beside the socket): a pushed message or read receipt changes the cached
 * conversation, list and badge in place (lib: nothing is asked of the server unless a read was on
 * its way); an announcement makes the list read again; each connection of the socket reads all of
 * them afresh, since pushes sent while it was connecting or away never arrive.
 */
export function useMessagePushes() {
  const queryClient = useQueryClient();
  const me = useSession().claims?.user_id;
  useLiveQueries(
    ['message:new', 'message:read', 'announcement:new'],
    (name, payload) => {
      if (name === 'announcement:new') return [announcementKeys.all];
      if (me === undefined) return [messagesKeys.all];
      return name === 'message:new'
        ? applyMessage(queryClient, messageOfPush(payload as SocketPayload<'message:new'>), me)
        : applyReadReceipt(queryClient, payload as SocketPayload<'message:read'>, me);
    },
    [messagesKeys.all, announcementKeys.all],
  );
}

/** Mounted once for a signed-in person: the messages' queries follow the socket's pushes. */
export function MessagePushes() {
  useMessagePushes();
  return null;
}
