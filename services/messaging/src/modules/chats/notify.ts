import type { EventMeta } from '@linksmate/platform';
import { EventChatReachNarrowed, type Message, MessageRead, MessageSent } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { ConversationRow, Db } from '../../db/types';
import type { MarkedRead } from './repository';

/** What chats tell the gateway (which pushes it to sockets), written to the outbox in the caller's transaction. */
export class ChatNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  /** A message stored, with who should hear of it live and the sender as the message shows them. */
  sent(
    tx: Db,
    conversation: ConversationRow,
    message: Message,
    recipients: number[],
    meta: EventMeta,
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        MessageSent,
        {
          message_id: message.id,
          conversation_id: conversation.id,
          conversation_type: conversation.type,
          sender_user_id: message.sender_user_id,
          receiver_user_id: message.receiver_user_id,
          event_id: message.event_id,
          recipient_user_ids: recipients,
          content: message.content,
          media_url: message.media_url,
          media_type: message.media_type,
          media_filename: message.media_filename,
          media_thumbnail_url: message.media_thumbnail_url,
          sender_username: message.Username,
          sender_first_name: message.sender_first_name,
          sender_last_name: message.sender_last_name,
          sender_profile_image_url: message.sender_profile_image_url,
          sent_at: message.sent_at,
        },
        meta,
      ),
    );
  }

  /** The messages a reader has now read, so their senders see it. */
  read(
    tx: Db,
    conversation: ConversationRow,
    readerId: number,
    marked: MarkedRead,
    readAt: Date,
    meta: EventMeta,
  ): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        MessageRead,
        {
          conversation_id: conversation.id,
          conversation_type: conversation.type,
          reader_user_id: readerId,
          event_id: conversation.eventId,
          message_ids: marked.messageIds,
          sender_user_ids: marked.senderUserIds,
          read_at: readAt.toISOString(),
        },
        meta,
      ),
    );
  }

  /** These people may have lost event chats: the gateway asks again for the chats their sockets follow. */
  reachNarrowed(tx: Db, userIds: number[], at: Date, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        EventChatReachNarrowed,
        { user_ids: [...new Set(userIds)], occurred_at: at.toISOString() },
        meta,
      ),
    );
  }
}
