import Type from 'typebox';
import { NOTIFICATION_KINDS } from '../rules';
import { Id, Nullable, NullableString, Timestamp } from '../schema';
import { defineEvent } from './registry';

const ConversationType = Type.Union([Type.Literal('direct'), Type.Literal('event')]);

/**
 * A message was sent. It carries the message as the receivers' screens show it (sender's name and
 * picture included), so the gateway pushes it as it is: `event:{id}` for those following an event
 * chat, `user:{id}` of every member for their conversation list and unread badge.
 */
export const MessageSent = defineEvent(
  'messaging.message.sent',
  1,
  Type.Object({
    message_id: Id,
    conversation_id: Id,
    conversation_type: ConversationType,
    sender_user_id: Id,
    receiver_user_id: Nullable(Id),
    event_id: Nullable(Id),
    /** Everyone who should hear of it besides the sender. */
    recipient_user_ids: Type.Array(Id),
    content: NullableString,
    media_url: NullableString,
    media_type: NullableString,
    media_filename: NullableString,
    media_thumbnail_url: NullableString,
    sender_username: Type.String(),
    sender_first_name: NullableString,
    sender_last_name: NullableString,
    sender_profile_image_url: NullableString,
    sent_at: Timestamp,
  }),
);

/** A person read a conversation up to its newest message: the senders' ticks turn double. */
export const MessageRead = defineEvent(
  'messaging.message.read',
  1,
  Type.Object({
    conversation_id: Id,
    conversation_type: ConversationType,
    /** Direct: the reader, as the senders know the conversation; event chats: the event. */
    reader_user_id: Id,
    event_id: Nullable(Id),
    message_ids: Type.Array(Id),
    sender_user_ids: Type.Array(Id),
    read_at: Timestamp,
  }),
);

export const AnnouncementPublished = defineEvent(
  'messaging.announcement.published',
  1,
  Type.Object({
    announcement_id: Id,
    content: Type.String(),
    sender_name: Type.String(),
    sent_at: Timestamp,
  }),
);

/**
 * People who may have lost some event chats (a venue no longer names them among its admins, a coach
 * profile left their account, an event moved to another venue or coach): the gateway asks again,
 * for each chat their sockets follow, and leaves those now refused.
 */
export const EventChatReachNarrowed = defineEvent(
  'messaging.event-chat.reach-narrowed',
  1,
  Type.Object({ user_ids: Type.Array(Id), occurred_at: Timestamp }),
);

/**
 * A person has a new (or, for a conversation's direct messages, renewed) unread notification: the
 * gateway pushes it to their sockets, whose bell count and list change in place. `collapsed`: it
 * replaced an unread one, so the count stays.
 */
export const NotificationCreated = defineEvent(
  'messaging.notification.created',
  1,
  Type.Object({
    recipient_user_id: Id,
    collapsed: Type.Boolean(),
    notification: Type.Object({
      id: Id,
      kind: Type.Enum(NOTIFICATION_KINDS),
      title: Type.String(),
      body: Type.String(),
      link: Type.String(),
      count: Type.Integer({ minimum: 1 }),
      created_at: Timestamp,
      read_at: Nullable(Timestamp),
    }),
  }),
);

export const messagingEvents = [
  MessageSent,
  MessageRead,
  AnnouncementPublished,
  EventChatReachNarrowed,
  NotificationCreated,
];
