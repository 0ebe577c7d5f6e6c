import type {
  ConversationsReply,
  DirectConversation,
  EventChat,
  MarkReadReply,
  Message,
  SocketPayload,
  UnreadCountReply,
} from '@linksmate/proto';
import { lastMessageLine } from '@linksmate/proto/rules';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { patchCached } from '../../../lib/live-queries';
import type { ConversationType } from '../../../lib/paths';
import type { ConversationPage } from './get-conversation';
import { messagesKeys } from './keys';

/**
 * What the person's message screens hold, brought up to date from what a push or a reply already
 * says, instead of asking the server again. Each function answers the queries it could not change
 * in place (a read on its way, a conversation not yet in the list): those are read afresh.
 */

/** The message a `message:new` push describes, as a conversation page lists it. */
export function messageOfPush(pushed: SocketPayload<'message:new'>): Message {
  return {
    id: pushed.message_id,
    conversation_id: pushed.conversation_id,
    conversation_type: pushed.conversation_type,
    sender_user_id: pushed.sender_user_id,
    receiver_user_id: pushed.receiver_user_id,
    event_id: pushed.event_id,
    content: pushed.content,
    media_url: pushed.media_url,
    media_type: pushed.media_type === 'image' || pushed.media_type === 'video' ? pushed.media_type : null,
    media_filename: pushed.media_filename,
    media_thumbnail_url: pushed.media_thumbnail_url,
    sent_at: pushed.sent_at,
    created_at: pushed.sent_at,
    updated_at: pushed.sent_at,
    read_at: null,
    is_announcement: false,
    Username: pushed.sender_username,
    sender_first_name: pushed.sender_first_name,
    sender_last_name: pushed.sender_last_name,
    sender_profile_image_url: pushed.sender_profile_image_url,
  };
}

/** Which conversation a message belongs to as `me` sees it: direct ones go by the other person. */
export function conversationOf(message: Message, me: number): { type: ConversationType; id: number } {
  if (message.conversation_type === 'event') return { type: 'event', id: message.event_id as number };
  const other = message.sender_user_id === me ? message.receiver_user_id : message.sender_user_id;
  return { type: 'direct', id: other as number };
}

// A message can reach a tab twice (the sender's reply and push, a redelivered event): each is
// counted as unread once. The last few hundred ids are enough to tell.
const counted = new Set<number>();
const COUNTED_KEPT = 500;
function firstTimeCounted(id: number): boolean {
  if (counted.has(id)) return false;
  counted.add(id);
  if (counted.size > COUNTED_KEPT) counted.delete(counted.values().next().value as number);
  return true;
}

type Conversation = InfiniteData<ConversationPage, number | undefined>;

/** The newest page gains the message, unless a page already holds it. */
export function withMessage(data: Conversation, message: Message): Conversation {
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages, total: newest.total + 1 }, ...older] };
}

/** Messages of the conversation marked read at `readAt` (those not marked already keep theirs). */
export function withReadReceipts(data: Conversation, ids: readonly number[], readAt: string): Conversation {
  const read = new Set(ids);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      messages: page.messages.map((m) =>
        read.has(m.id) && m.read_at === null ? { ...m, read_at: readAt } : m,
      ),
    })),
  };
}

function unreadTotal(reply: Omit<ConversationsReply, 'unread_total'>): number {
  return [...reply.direct_messages, ...reply.event_chats].reduce((sum, c) => sum + c.unread_count, 0);
}

/**
 * The list with the conversation's last line and time from the message, moved to the top (the list
 * is newest first), its unread count raised when someone else sent it; undefined when the
 * conversation is not in the list yet (its name and picture must come from the server).
 */
export function withLastMessage(
  reply: ConversationsReply,
  message: Message,
  me: number,
  countUnread: boolean,
): ConversationsReply | undefined {
  const { type, id } = conversationOf(message, me);
  const unread = countUnread && message.sender_user_id !== me ? 1 : 0;
  const touch = <C extends DirectConversation | EventChat>(c: C): C => ({
    ...c,
    last_message: lastMessageLine(message.content, message.media_type),
    last_message_time: message.sent_at,
    unread_count: c.unread_count + unread,
  });
  const moveUp = <C extends DirectConversation | EventChat>(list: C[], match: (c: C) => boolean) => {
    const at = list.findIndex(match);
    if (at < 0) return undefined;
    return [touch(list[at] as C), ...list.slice(0, at), ...list.slice(at + 1)];
  };
  const next =
    type === 'direct'
      ? { ...reply, direct_messages: moveUp(reply.direct_messages, (c) => c.other_user_id === id) }
      : { ...reply, event_chats: moveUp(reply.event_chats, (c) => c.event_id === id) };
  if (!next.direct_messages || !next.event_chats) return undefined;
  const list = next as Omit<ConversationsReply, 'unread_total'>;
  return { ...list, unread_total: unreadTotal(list) };
}

/** The list with one conversation read to its end by `me`. */
export function withConversationRead(
  reply: ConversationsReply,
  type: ConversationType,
  id: number,
): ConversationsReply {
  const list = {
    direct_messages: reply.direct_messages.map((c) =>
      type === 'direct' && c.other_user_id === id ? { ...c, unread_count: 0 } : c,
    ),
    event_chats: reply.event_chats.map((c) =>
      type === 'event' && c.event_id === id ? { ...c, unread_count: 0 } : c,
    ),
  };
  return { ...list, unread_total: unreadTotal(list) };
}

/** The badge follows the list when the list is here and settled; otherwise `fallback` changes it. */
function settleBadge(
  queryClient: QueryClient,
  fallback: (badge: UnreadCountReply) => UnreadCountReply | undefined,
): QueryKey[] {
  const list = queryClient.getQueryState<ConversationsReply>(messagesKeys.conversations());
  const fromList =
    list?.data !== undefined && list.fetchStatus !== 'fetching'
      ? ({ unread_count: list.data.unread_total } satisfies UnreadCountReply)
      : undefined;
  const ok = patchCached<UnreadCountReply>(
    queryClient,
    messagesKeys.unread(),
    (badge) => fromList ?? fallback(badge),
  );
  return ok ? [] : [messagesKeys.unread()];
}

/** A message sent or received: into its conversation, the list and the badge. */
export function applyMessage(queryClient: QueryClient, message: Message, me: number): QueryKey[] {
  const { type, id } = conversationOf(message, me);
  const stale: QueryKey[] = [];
  const firstTime = firstTimeCounted(message.id);
  if (
    !patchCached<Conversation>(queryClient, messagesKeys.conversation(type, id), (d) =>
      withMessage(d, message),
    )
  )
    stale.push(messagesKeys.conversation(type, id));
  if (
    !patchCached<ConversationsReply>(queryClient, messagesKeys.conversations(), (reply) =>
      withLastMessage(reply, message, me, firstTime),
    )
  )
    stale.push(messagesKeys.conversations());
  const raise = firstTime && message.sender_user_id !== me;
  stale.push(
    ...settleBadge(queryClient, (badge) => (raise ? { unread_count: badge.unread_count + 1 } : badge)),
  );
  return stale;
}

/** A `message:read` push: the reader's own tabs clear the conversation; the senders' ticks turn double. */
export function applyReadReceipt(
  queryClient: QueryClient,
  pushed: SocketPayload<'message:read'>,
  me: number,
): QueryKey[] {
  const stale: QueryKey[] = [];
  if (pushed.reader_user_id === me) {
    const other = pushed.sender_user_ids[0];
    const id = pushed.conversation_type === 'event' ? pushed.event_id : other;
    if (id !== null && id !== undefined)
      stale.push(...applyReadByMe(queryClient, pushed.conversation_type, id));
  }
  if (pushed.sender_user_ids.includes(me)) {
    const key =
      pushed.conversation_type === 'event'
        ? messagesKeys.conversation('event', pushed.event_id as number)
        : messagesKeys.conversation('direct', pushed.reader_user_id);
    if (
      !patchCached<Conversation>(queryClient, key, (d) =>
        withReadReceipts(d, pushed.message_ids, pushed.read_at),
      )
    )
      stale.push(key);
  }
  return stale;
}

/** `me` read a conversation to its end (here, or in another tab): the list and the badge drop. */
export function applyReadByMe(queryClient: QueryClient, type: ConversationType, id: number): QueryKey[] {
  if (
    !patchCached<ConversationsReply>(queryClient, messagesKeys.conversations(), (reply) =>
      withConversationRead(reply, type, id),
    )
  )
    return [messagesKeys.conversations(), messagesKeys.unread()];
  // Without the list here, how many this read cleared is unknown: the badge is asked again.
  if (queryClient.getQueryData(messagesKeys.conversations()) === undefined) return [messagesKeys.unread()];
  return settleBadge(queryClient, () => undefined);
}

/** This tab's own mark-read answer. */
export function applyMarkedRead(
  queryClient: QueryClient,
  type: ConversationType,
  id: number,
  reply: MarkReadReply,
): QueryKey[] {
  return reply.read_count === 0 ? [] : applyReadByMe(queryClient, type, id);
}
