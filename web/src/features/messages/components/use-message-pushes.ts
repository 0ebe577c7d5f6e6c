import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocketConnected, useSocketPushes } from '../../../lib/socket-pushes';
import { messagesKeys } from '../api/keys';

/**
 * While signed in: a new message, a read receipt or an announcement pushed to the person makes the
 * conversations, the open conversation and the badge read again (no polling while the socket is up).
 */
export function useMessagePushes() {
  const queryClient = useQueryClient();
  useSocketPushes(['message:new', 'message:read'], (_name, payload) => {
    const data = payload as { conversation_type: 'direct' | 'event'; event_id: number | null };
    void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: messagesKeys.unread() });
    // Which page it belongs to differs by side (the sender's id for one, the receiver's for the other).
    void queryClient.invalidateQueries({
      queryKey: data.event_id
        ? messagesKeys.conversation('event', data.event_id)
        : [...messagesKeys.all, 'direct'],
    });
  });
  useSocketPushes(['announcement:new'], () => {
    void queryClient.invalidateQueries({ queryKey: messagesKeys.announcements() });
  });
  // Pushes sent while the socket was connecting or away are gone: once it is up, read things afresh.
  const up = useSocketConnected();
  useEffect(() => {
    if (!up) return;
    void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
    void queryClient.invalidateQueries({ queryKey: messagesKeys.announcements() });
  }, [up, queryClient]);
}
