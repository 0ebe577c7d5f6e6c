import type { DirectMessagesReply, EventMessagesReply, Message } from '@linksmate/proto';
import { DELAYS_MS, PAGE_SIZES } from '@linksmate/proto/rules';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import type { ConversationType } from '../../../lib/paths';
import { messagesKeys } from './keys';

export type ConversationPage = DirectMessagesReply | EventMessagesReply;

/**
 * docs/product.md#community-calls: GET /messages/dm/{userId} or /messages/event/{eventId}, a page of 20 oldest first.
 * Older pages are asked for before the oldest message shown (`before`), so messages arriving
 * meanwhile never shift a page.
 */
export const getConversationPage = (type: ConversationType, id: number, before?: number) =>
  api.get<ConversationPage>(
    `/messages/${type === 'direct' ? 'dm' : 'event'}/${id}${queryString({ limit: PAGE_SIZES.messageHistory, before })}`,
  );

export const conversationQuery = (type: ConversationType, id: number) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.conversation(type, id),
    queryFn: ({ pageParam }) => getConversationPage(type, id, pageParam),
    initialPageParam: undefined as number | undefined,
    // Pages run newest first: the next one to ask for is before the oldest message already here.
    getNextPageParam: (last: ConversationPage) =>
      last.messages.length < last.limit ? undefined : last.messages[0]?.id,
  });

/** The spec's 15 s poll stays as the fallback while the socket is down. */
export function useConversation(type: ConversationType, id: number, socketUp: boolean) {
  return useInfiniteQuery({
    ...conversationQuery(type, id),
    refetchInterval: socketUp ? false : DELAYS_MS.messagePoll,
  });
}

/** Every message loaded, oldest first, each once. */
export function messagesOf(pages: ConversationPage[] | undefined): Message[] {
  const seen = new Set<number>();
  const all: Message[] = [];
  for (const page of [...(pages ?? [])].reverse())
    for (const message of page.messages)
      if (!seen.has(message.id)) {
        seen.add(message.id);
        all.push(message);
      }
  return all;
}
