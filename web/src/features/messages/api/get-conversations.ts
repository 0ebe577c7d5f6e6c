import type { ConversationsReply } from '@linksmate/proto';
import { DELAYS_MS } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './keys';

/** docs/product.md#community-calls: GET /messages/conversations — direct conversations and event chats with unread counts. */
export const getConversations = () => api.get<ConversationsReply>('/messages/conversations');

export const conversationsQuery = () =>
  queryOptions({ queryKey: messagesKeys.conversations(), queryFn: getConversations });

/** Pushes keep it current; the spec's 30 s refresh stays as the fallback while the socket is down. */
export function useConversations(socketUp: boolean) {
  return useQuery({
    ...conversationsQuery(),
    refetchInterval: socketUp ? false : DELAYS_MS.conversationRefresh,
  });
}
