import type { ChatPerson, ConversationType, DirectConversation, EventChat, Message } from '@linksmate/proto';
import { lastMessageLine } from '@linksmate/proto/rules';
import { and, eq, sql } from 'drizzle-orm';
import { conversationReads, conversations, messages } from '../../db/schema';
import type { ConversationRow, Db, MessageRow } from '../../db/types';

// ── Conversations ────────────────────────────────────────────────────────────
/** The one conversation of two people (made on first use). */
export async function directConversation(db: Db, a: number, b: number): Promise<ConversationRow> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db
    .insert(conversations)
    .values({ type: 'direct', userLow: low, userHigh: high })
    .onConflictDoNothing({ target: [conversations.userLow, conversations.userHigh] });
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)));
  return row!;
}

/** Two people's conversation, if they ever wrote. */
export async function findDirectConversation(
  db: Db,
  a: number,
  b: number,
): Promise<ConversationRow | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)));
  return row;
}

/** An event's chat (made on first use). */
export async function eventConversation(db: Db, eventId: number): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({ type: 'event', eventId })
    .onConflictDoNothing({ target: conversations.eventId });
  const [row] = await db.select().from(conversations).where(eq(conversations.eventId, eventId));
  return row!;
}

export async function findEventConversation(db: Db, eventId: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.eventId, eventId));
  return row;
}

// ── Messages ─────────────────────────────────────────────────────────────────
export type NewMessage = typeof messages.$inferInsert;

/** A message stored, and its conversation's last message moved to it. */
export async function insertMessage(tx: Db, values: NewMessage): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  await tx
    .update(conversations)
    .set({ lastMessageId: row!.id, lastMessageAt: row!.sentAt })
    .where(eq(conversations.id, row!.conversationId));
  return row!;
}

/** A message as the API shows it: the row and its sender's display fields. */
const messageColumns = sql`m.id, m.conversation_id, c.type as conversation_type, m.sender_user_id,
  m.receiver_user_id, m.event_id, m.content, m.media_url, m.media_type, m.media_filename,
  m.media_thumbnail_url, m.sent_at, m.created_at, m.updated_at, m.read_at,
  coalesce(u.username, '') as sender_username, u.first_name as sender_first_name,
  u.last_name as sender_last_name, u.profile_image_url as sender_profile_image_url`;

type MessageSqlRow = {
  id: number | string;
  conversation_id: number;
  conversation_type: ConversationType;
  sender_user_id: number;
  receiver_user_id: number | null;
  event_id: number | null;
  content: string | null;
  media_url: string | null;
  media_type: 'image' | 'video' | null;
  media_filename: string | null;
  media_thumbnail_url: string | null;
  sent_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  read_at: Date | string | null;
  sender_username: string;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_profile_image_url: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** How a person is named in a chat: their full name, else their username. */
export function displayName(person: {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}): string {
  const full = [person.first_name, person.last_name].filter(Boolean).join(' ').trim();
  return full || person.username || 'LinksMate member';
}

function toMessage(row: MessageSqlRow): Message {
  return {
    id: Number(row.id),
    conversation_id: row.conversation_id,
    conversation_type: row.conversation_type,
    sender_user_id: row.sender_user_id,
    receiver_user_id: row.receiver_user_id,
    event_id: row.event_id,
    content: row.content,
    media_url: row.media_url,
    media_type: row.media_type,
    media_filename: row.media_filename,
    media_thumbnail_url: row.media_thumbnail_url,
    sent_at: iso(row.sent_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    read_at: row.read_at === null ? null : iso(row.read_at),
    is_announcement: false,
    Username: displayName({
      username: row.sender_username,
      first_name: row.sender_first_name,
      last_name: row.sender_last_name,
    }),
    sender_first_name: row.sender_first_name,
    sender_last_name: row.sender_last_name,
    sender_profile_image_url: row.sender_profile_image_url,
  };
}

export async function messageView(db: Db, id: number): Promise<Message> {
  const result = await db.execute<MessageSqlRow>(sql`
    select ${messageColumns}
    from messages m join conversations c on c.id = m.conversation_id left join users u on u.id = m.sender_user_id
    where m.id = ${id}`);
  return toMessage(result.rows[0]!);
}

/**
 * A page of a conversation, oldest first: the `limit` messages before `before` (a message id), or
 * the page `offset` messages back from the newest.
 */
export async function messagesPage(
  db: Db,
  conversationId: number,
  page: { limit: number; offset: number; before?: number },
): Promise<Message[]> {
  const before = page.before === undefined ? sql`` : sql`and m.id < ${page.before}`;
  const offset = page.before === undefined ? page.offset : 0;
  const result = await db.execute<MessageSqlRow>(sql`
    select * from (
      select ${messageColumns}
      from messages m join conversations c on c.id = m.conversation_id
        left join users u on u.id = m.sender_user_id
      where m.conversation_id = ${conversationId} ${before}
      order by m.id desc
      limit ${page.limit} offset ${offset}
    ) newest_first
    order by id`);
  return result.rows.map(toMessage);
}

export async function countMessages(db: Db, conversationId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

// ── Reading ──────────────────────────────────────────────────────────────────
export interface MarkedRead {
  messageIds: number[];
  senderUserIds: number[];
}

/**
 * The reader has seen the conversation up to its newest message: their place is kept, and messages
 * from others not yet marked read get `read_at` (in a direct chat, the receiver's; in an event chat,
 * the first other member's).
 */
export async function markRead(
  tx: Db,
  conversation: ConversationRow,
  readerId: number,
  now: Date,
): Promise<MarkedRead> {
  if (conversation.lastMessageId === null) return { messageIds: [], senderUserIds: [] };
  await tx
    .insert(conversationReads)
    .values({
      conversationId: conversation.id,
      userId: readerId,
      lastReadMessageId: conversation.lastMessageId,
      readAt: now,
    })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadMessageId: conversation.lastMessageId, readAt: now },
      setWhere: sql`excluded.last_read_message_id > ${conversationReads.lastReadMessageId}`,
    });
  const result = await tx.execute<{ id: number | string; sender_user_id: number }>(sql`
    update messages set read_at = ${now}, updated_at = ${now}
    where conversation_id = ${conversation.id} and read_at is null and sender_user_id <> ${readerId}
      and id <= ${conversation.lastMessageId}
    returning id, sender_user_id`);
  return {
    messageIds: result.rows.map((r) => Number(r.id)),
    senderUserIds: [...new Set(result.rows.map((r) => r.sender_user_id))],
  };
}

// ── The conversation list ────────────────────────────────────────────────────
const unreadOf = (conversation: SQL, reader: number) => sql`(
  select count(*)::int from messages um
  where um.conversation_id = ${conversation} and um.sender_user_id <> ${reader}
    and um.id > coalesce((select cr.last_read_message_id from conversation_reads cr
      where cr.conversation_id = ${conversation} and cr.user_id = ${reader}), 0))`;

type SQL = ReturnType<typeof sql>;

/** A person's direct conversations, latest message first, with the other person and the unread count. */
export async function directConversationsOf(db: Db, userId: number): Promise<DirectConversation[]> {
  const result = await db.execute<{
    other_user_id: number;
    username: string | null;
    first_name: string | null;
    last_name: string | null;
    profile_image_url: string | null;
    last_message: string | null;
    last_media_type: string | null;
    last_message_time: Date | string | null;
    unread_count: number;
  }>(sql`
    select o.other_user_id, u.username, u.first_name, u.last_name, u.profile_image_url,
      lm.content as last_message, lm.media_type as last_media_type, c.last_message_at as last_message_time,
      ${unreadOf(sql`c.id`, userId)} as unread_count
    from conversations c
    cross join lateral (select case when c.user_low = ${userId} then c.user_high else c.user_low end as other_user_id) o
    left join users u on u.id = o.other_user_id
    left join messages lm on lm.id = c.last_message_id
    where c.type = 'direct' and (c.user_low = ${userId} or c.user_high = ${userId}) and c.last_message_id is not null
    order by c.last_message_at desc nulls last, c.id desc`);
  return result.rows.map((r) => ({
    other_user_id: r.other_user_id,
    username: r.username ?? '',
    first_name: r.first_name,
    last_name: r.last_name,
    profile_image_url: r.profile_image_url,
    last_message: lastMessageLine(r.last_message, r.last_media_type),
    last_message_time: r.last_message_time === null ? null : iso(r.last_message_time),
    unread_count: Number(r.unread_count),
  }));
}

/**
 * The event chats a person is in (their own events and those they hold a confirmed seat of, not
 * deleted), latest message first, then by start.
 */
export async function eventChatsOf(db: Db, userId: number): Promise<EventChat[]> {
  const result = await db.execute<{
    event_id: number;
    event_title: string;
    event_type: string;
    event_start_time: Date | string;
    last_message: string | null;
    last_media_type: string | null;
    last_message_time: Date | string | null;
    unread_count: number | null;
  }>(sql`
    select e.id as event_id, e.title as event_title, e.event_type, e.start_time as event_start_time,
      lm.content as last_message, lm.media_type as last_media_type, c.last_message_at as last_message_time,
      case when c.id is null then 0 else ${unreadOf(sql`c.id`, userId)} end as unread_count
    from chat_events e
    left join conversations c on c.event_id = e.id
    left join messages lm on lm.id = c.last_message_id
    where not e.deleted and (e.creator_user_id = ${userId} or exists (
      select 1 from event_members em where em.event_id = e.id and em.user_id = ${userId} and em.confirmed))
    order by c.last_message_at desc nulls last, e.start_time desc`);
  return result.rows.map((r) => ({
    event_id: r.event_id,
    event_title: r.event_title,
    event_type: r.event_type as EventChat['event_type'],
    event_start_time: iso(r.event_start_time),
    last_message: lastMessageLine(r.last_message, r.last_media_type),
    last_message_time: r.last_message_time === null ? null : iso(r.last_message_time),
    unread_count: Number(r.unread_count ?? 0),
  }));
}

export function toChatPerson(user: {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}): ChatPerson {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
  };
}
