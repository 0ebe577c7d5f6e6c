import Type from 'typebox';
import { EVENT_TYPES, PAGE_SIZES } from '../rules';
import { Id, IdParam, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Limit, Offset } from './common';

/**
 * messaging's HTTP contract (docs/architecture.md#who-owns-what): direct messages, event chats, conversations, read
 * receipts, announcements, message media and the digest preference. Ids in paths and bodies are
 * taken loosely and checked by the service, so a bad one gets the spec's own words
 * ('Invalid user ID', 'Receiver ID is required'…) rather than a schema's.
 */

const ConversationType = Type.Union([Type.Literal('direct'), Type.Literal('event')]);
const MediaType = Type.Union([Type.Literal('image'), Type.Literal('video')]);
/** An id as a client may send it: a number, its text, or nothing. */
const LooseId = Type.Optional(Type.Union([Int(), Text({ maxLength: 40 }), Type.Null()]));

// ── Messages (docs/product.md#community-entities Message) ──────────────────────────────────────────────
export const Message = Type.Object({
  id: Id,
  conversation_id: Id,
  conversation_type: ConversationType,
  sender_user_id: Id,
  /** Direct messages: the other person; null in event chats. */
  receiver_user_id: Nullable(Id),
  /** Event chats: the event; null in direct messages. */
  event_id: Nullable(Id),
  content: NullableString,
  media_url: NullableString,
  media_type: Nullable(MediaType),
  media_filename: NullableString,
  /** A video's poster frame (beyond the spec). */
  media_thumbnail_url: NullableString,
  sent_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Direct: when the receiver read it. Event chat: when another member first read it. */
  read_at: Nullable(Timestamp),
  is_announcement: Type.Boolean(),
  /** The sender's display name (spec: `Username`), and what their avatar needs. */
  Username: Type.String(),
  sender_first_name: NullableString,
  sender_last_name: NullableString,
  sender_profile_image_url: NullableString,
});
export type Message = Type.Static<typeof Message>;

const MessageFields = {
  content: Type.Optional(Nullable(Text({ maxLength: 200_000 }))),
  media_url: Type.Optional(Nullable(Text({ maxLength: 500 }))),
  media_type: Type.Optional(Nullable(Text({ maxLength: 40 }))),
  media_filename: Type.Optional(Nullable(Text({ maxLength: 255 }))),
};

/** `POST /messages/dm`. */
export const SendDirectMessageBody = Type.Object({ receiver_user_id: LooseId, ...MessageFields });
export type SendDirectMessageBody = Type.Static<typeof SendDirectMessageBody>;
/** `POST /messages/event/{eventId}`. */
export const SendEventMessageBody = Type.Object(MessageFields);
export type SendEventMessageBody = Type.Static<typeof SendEventMessageBody>;

export const SendMessageReply = Type.Object({ message: Message });
export type SendMessageReply = Type.Static<typeof SendMessageReply>;

export const UserIdParams = Type.Object({ userId: Text({ maxLength: 40 }) });
export const EventIdParams = Type.Object({ eventId: Text({ maxLength: 40 }) });

/**
 * A page of a conversation, oldest first within the page. `offset` counts back from the newest
 * (spec); `before` (a message id, beyond the spec) pages back from a message already shown, so new
 * messages arriving meanwhile never shift a page (no duplicate, no gap).
 */
export const MessagesQuery = Type.Object({
  limit: Type.Optional(Limit(PAGE_SIZES.messageHistory, 100)),
  offset: Type.Optional(Offset),
  before: Type.Optional(IdParam),
});
export type MessagesQuery = Type.Static<typeof MessagesQuery>;

export const ChatPerson = Type.Object({
  id: Id,
  username: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  profile_image_url: NullableString,
});
export type ChatPerson = Type.Static<typeof ChatPerson>;

export const ChatEvent = Type.Object({
  id: Id,
  title: Type.String(),
  event_type: Type.Enum(EVENT_TYPES),
  start_time: Timestamp,
});
export type ChatEvent = Type.Static<typeof ChatEvent>;

const Page = { total: Int({ minimum: 0 }), limit: Int({ minimum: 1 }), offset: Int({ minimum: 0 }) };

export const DirectMessagesReply = Type.Object({
  messages: Type.Array(Message),
  user: ChatPerson,
  /** False while either has blocked the other: the thread says so up front rather than failing on send. */
  can_message: Type.Boolean(),
  ...Page,
});
export type DirectMessagesReply = Type.Static<typeof DirectMessagesReply>;
export const EventMessagesReply = Type.Object({ messages: Type.Array(Message), event: ChatEvent, ...Page });
export type EventMessagesReply = Type.Static<typeof EventMessagesReply>;

// ── Conversations (docs/product.md#community-entities Direct conversation, Event chat) ────────────────
export const DirectConversation = Type.Object({
  other_user_id: Id,
  username: Type.String(),
  first_name: NullableString,
  last_name: NullableString,
  profile_image_url: NullableString,
  last_message: NullableString,
  last_message_time: Nullable(Timestamp),
  unread_count: Int({ minimum: 0 }),
});
export type DirectConversation = Type.Static<typeof DirectConversation>;

export const EventChat = Type.Object({
  event_id: Id,
  event_title: Type.String(),
  event_type: Type.Enum(EVENT_TYPES),
  event_start_time: Timestamp,
  last_message: NullableString,
  last_message_time: Nullable(Timestamp),
  unread_count: Int({ minimum: 0 }),
});
export type EventChat = Type.Static<typeof EventChat>;

export const ConversationsReply = Type.Object({
  direct_messages: Type.Array(DirectConversation),
  event_chats: Type.Array(EventChat),
  /** Unread messages over every conversation: the Messages badge. */
  unread_total: Int({ minimum: 0 }),
});
export type ConversationsReply = Type.Static<typeof ConversationsReply>;

export const UnreadCountReply = Type.Object({ unread_count: Int({ minimum: 0 }) });
export type UnreadCountReply = Type.Static<typeof UnreadCountReply>;

/** Marking a conversation read: how many messages it marked, and when. */
export const MarkReadReply = Type.Object({ read_count: Int({ minimum: 0 }), read_at: Timestamp });
export type MarkReadReply = Type.Static<typeof MarkReadReply>;

// ── Announcements (docs/product.md#community-entities; spec 3 "Platform Announcements") ──────────────
export const Announcement = Type.Object({
  id: Id,
  content: Type.String(),
  sent_at: Timestamp,
  sender_name: Type.String(),
});
export type Announcement = Type.Static<typeof Announcement>;

export const AnnouncementsQuery = Type.Object({
  limit: Type.Optional(Limit(PAGE_SIZES.announcements, 100)),
  offset: Type.Optional(Offset),
});
export type AnnouncementsQuery = Type.Static<typeof AnnouncementsQuery>;
export const AnnouncementsReply = Type.Object({ announcements: Type.Array(Announcement), ...Page });
export type AnnouncementsReply = Type.Static<typeof AnnouncementsReply>;

export const CreateAnnouncementBody = Type.Object({
  content: Type.Optional(Nullable(Text({ maxLength: 20_000 }))),
});
export type CreateAnnouncementBody = Type.Static<typeof CreateAnnouncementBody>;
export const CreateAnnouncementReply = Type.Object({ message: Type.String(), announcement: Announcement });
export type CreateAnnouncementReply = Type.Static<typeof CreateAnnouncementReply>;

// ── Media (docs/product.md#account-calls: multipart field `media`) ───────────────────────────────
export const MessageMediaReply = Type.Object({
  url: Type.String(),
  media_type: MediaType,
  media_filename: Type.String(),
  thumbnail_url: NullableString,
});
export type MessageMediaReply = Type.Static<typeof MessageMediaReply>;

// ── Digest preference (beyond the spec: e-mail about missed messages) ────────
export const MessagingPreferences = Type.Object({ email_digest: Type.Boolean() });
export type MessagingPreferences = Type.Static<typeof MessagingPreferences>;

// ── Internal: the gateway asks who may follow an event chat live ─────────────
export const EventChatAccessParams = Type.Object({ eventId: IdParam, userId: IdParam });
export const EventChatAccessReply = Type.Object({ allowed: Type.Boolean() });
export type EventChatAccessReply = Type.Static<typeof EventChatAccessReply>;
