import type { UnreadCountReply } from '@linksmate/proto';
import { DELAYS_MS } from '@linksmate/proto/rules/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './keys';

/** GET /messages/unread-count: the Messages badge (beyond the spec). */
export const getUnreadCount = () => api.get<UnreadCountReply>('/messages/unread-count');

export const unreadCountQuery = () =>
  queryOptions({ queryKey: messagesKeys.unread(), queryFn: getUnreadCount });

export function useUnreadCount(enabled: boolean, socketUp: boolean) {
  return useQuery({
    ...unreadCountQuery(),
    enabled,
    refetchInterval: socketUp ? false : DELAYS_MS.conversationRefresh,
  });
}
