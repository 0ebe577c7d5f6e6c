import Type from 'typebox';
import { Id, Nullable, NullableString, Timestamp } from '../schema';
import { defineEvent } from './registry';

/** Carries the message itself: the gateway pushes it to the recipients' sockets. */
export const MessageSent = defineEvent(
  'messaging.message.sent',
  1,
  Type.Object({
    message_id: Id,
    conversation_type: Type.Union([Type.Literal('direct'), Type.Literal('event')]),
    sender_user_id: Id,
    receiver_user_id: Nullable(Id),
    event_id: Nullable(Id),
    recipient_user_ids: Type.Array(Id),
    content: NullableString,
    media_url: NullableString,
    media_type: NullableString,
    sent_at: Timestamp,
  }),
);
export const MessageRead = defineEvent(
  'messaging.message.read',
  1,
  Type.Object({
    message_ids: Type.Array(Id),
    reader_user_id: Id,
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

export const messagingEvents = [MessageSent, MessageRead, AnnouncementPublished];
