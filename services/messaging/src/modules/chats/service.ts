import { badRequest, type EventMeta, forbidden, notFound } from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type ConversationsReply,
  type DirectMessagesReply,
  type EventData,
  type EventMessagesReply,
  type MarkReadReply,
  MESSAGING_MESSAGES,
  type Message,
  type MessagesQuery,
  PAGE_SIZES,
  type ResultsPosted,
  type SendDirectMessageBody,
  type SendEventMessageBody,
} from '@linksmate/proto';
import { resultsChatText } from '@linksmate/proto/rules/results';
import type { ModuleContext } from '../../context';
import type { ChatEventRow, ConversationRow, Db, MessageRow, UserRow } from '../../db/types';
import type { Projections } from '../projections/service';
import { ChatNotices } from './notify';
import * as repo from './repository';
import { eventIdMessages, type MessageBody, messageBody, parseId, userIdMessages } from './rules';

export interface ChatsDeps extends ModuleContext {
  projections: Projections;
}

type Viewer = Pick<AccessTokenClaims, 'user_id' | 'role'>;

/**
 * Direct messages and event chats (spec 2 "Messaging"): sending, reading page by page, marking read,
 * and the conversation list. The rules are kept here, whatever the client does: no message to
 * oneself, to a missing person or across a block (either way); an event chat only for whom proto's
 * `mayReachEventChat` lets in (its organiser, its confirmed players, the admins whose scope covers
 * it), the same for reading, writing, marking read and following it live.
 */
export class ChatsService {
  private readonly notices: ChatNotices;

  constructor(private readonly deps: ChatsDeps) {
    this.notices = new ChatNotices(deps.runtime);
  }

  private get db(): Db {
    return this.deps.runtime.db;
  }

  // ── Direct ─────────────────────────────────────────────────────────────────
  /** The other person of a direct chat: there, not deleted. */
  private async otherPerson(rawId: unknown, viewer: Viewer): Promise<UserRow> {
    const id = parseId(rawId, userIdMessages);
    if (id === viewer.user_id) throw badRequest(MESSAGING_MESSAGES.notYourself, 'not_yourself');
    const person = await this.deps.projections.user(this.db, id);
    if (!person || person.deleted) throw notFound(MESSAGING_MESSAGES.userNotFound, 'user_not_found');
    return person;
  }

  async sendDirect(viewer: Viewer, body: SendDirectMessageBody, meta: EventMeta): Promise<Message> {
    const receiver = await this.otherPerson(body.receiver_user_id, viewer);
    const content = messageBody(body);
    if (await this.deps.projections.eitherBlocked(this.db, viewer.user_id, receiver.id))
      throw forbidden(MESSAGING_MESSAGES.blocked, 'blocked');
    const row = await this.db.transaction(async (tx) => {
      const conversation = await repo.directConversation(tx, viewer.user_id, receiver.id);
      return this.store(
        tx,
        conversation,
        viewer.user_id,
        content,
        { receiverUserId: receiver.id },
        [receiver.id],
        meta,
      );
    });
    return repo.messageView(this.db, row.id);
  }

  async readDirect(viewer: Viewer, rawId: unknown, query: MessagesQuery): Promise<DirectMessagesReply> {
    const other = await this.otherPerson(rawId, viewer);
    const [conversation, blocked] = await Promise.all([
      repo.findDirectConversation(this.db, viewer.user_id, other.id),
      this.deps.projections.eitherBlocked(this.db, viewer.user_id, other.id),
    ]);
    return {
      ...(await this.page(conversation, query)),
      user: repo.toChatPerson(other),
      can_message: !blocked,
    };
  }

  async markDirectRead(viewer: Viewer, rawId: unknown, meta: EventMeta): Promise<MarkReadReply> {
    const other = await this.otherPerson(rawId, viewer);
    const conversation = await repo.findDirectConversation(this.db, viewer.user_id, other.id);
    return this.markRead(viewer, conversation, meta);
  }

  // ── Event chats ────────────────────────────────────────────────────────────
  /** The event of a chat the viewer may use: 404 for a missing one, 403 for someone not in it. */
  private async chatEvent(rawId: unknown, viewer: Viewer): Promise<ChatEventRow> {
    const id = parseId(rawId, eventIdMessages);
    const event = await this.deps.projections.event(this.db, id);
    if (!event || event.deleted) throw notFound(MESSAGING_MESSAGES.eventNotFound, 'event_not_found');
    if (!(await this.mayUseEventChat(event, viewer)))
      throw forbidden(MESSAGING_MESSAGES.notInEventChat, 'not_in_event_chat');
    return event;
  }

  private mayUseEventChat(event: ChatEventRow, viewer: Viewer): Promise<boolean> {
    return this.deps.projections.mayReachEventChat(this.db, viewer, event);
  }

  /**
   * For the gateway: may this person follow the event's chat live? Their role is messaging's copy of
   * identity's (the socket's token may be older); the rule is the REST calls' own.
   */
  async mayFollowEventChat(eventId: number, userId: number): Promise<boolean> {
    const [event, person] = await Promise.all([
      this.deps.projections.event(this.db, eventId),
      this.deps.projections.user(this.db, userId),
    ]);
    if (!event || event.deleted || !person || person.deleted) return false;
    return this.mayUseEventChat(event, { user_id: userId, role: person.role as Viewer['role'] });
  }

  /**
   * After a projection change that may have taken event chats from these people (in the change's
   * transaction): the gateway asks again for the chats their sockets follow.
   */
  async reachNarrowed(tx: Db, userIds: number[], meta: EventMeta): Promise<void> {
    if (!userIds.length) return;
    await this.notices.reachNarrowed(tx, userIds, this.deps.clock(), meta);
  }

  async sendEvent(
    viewer: Viewer,
    rawId: unknown,
    body: SendEventMessageBody,
    meta: EventMeta,
  ): Promise<Message> {
    const event = await this.chatEvent(rawId, viewer);
    const content = messageBody(body);
    const members = await this.deps.projections.confirmedMembers(this.db, event.id);
    const recipients = [
      ...new Set([...members, ...(event.creatorUserId ? [event.creatorUserId] : [])]),
    ].filter((id) => id !== viewer.user_id);
    const row = await this.db.transaction(async (tx) => {
      const conversation = await repo.eventConversation(tx, event.id);
      return this.store(tx, conversation, viewer.user_id, content, { eventId: event.id }, recipients, meta);
    });
    return repo.messageView(this.db, row.id);
  }

  /**
   * A game's results, closed by its organiser (docs/product.md#results): posted into the event's chat
   * as the organiser's message, with the top places and the link, in the consumer's transaction. A
   * deleted event has no chat to post into; one not heard of yet is retried by the bus.
   */
  async postResults(tx: Db, data: EventData<typeof ResultsPosted>, meta: EventMeta): Promise<void> {
    const event = await this.deps.projections.event(tx, data.event_id);
    // Not heard of yet (another group carries the event's creation): the bus tries again later.
    if (!event) throw new Error(`event ${data.event_id} is not known to messaging yet`);
    if (event.deleted) return;
    const members = await this.deps.projections.confirmedMembers(tx, event.id);
    const recipients = [
      ...new Set([...members, ...(event.creatorUserId ? [event.creatorUserId] : [])]),
    ].filter((id) => id !== data.closed_by_user_id);
    const body: MessageBody = {
      content: resultsChatText(data.event_title, data.format, data.top, data.link),
      mediaUrl: null,
      mediaType: null,
      mediaFilename: null,
      mediaThumbnailUrl: null,
    };
    const conversation = await repo.eventConversation(tx, event.id);
    await this.store(tx, conversation, data.closed_by_user_id, body, { eventId: event.id }, recipients, meta);
  }

  async readEvent(viewer: Viewer, rawId: unknown, query: MessagesQuery): Promise<EventMessagesReply> {
    const event = await this.chatEvent(rawId, viewer);
    const conversation = await repo.findEventConversation(this.db, event.id);
    return {
      ...(await this.page(conversation, query)),
      event: {
        id: event.id,
        title: event.title,
        event_type: event.eventType as EventMessagesReply['event']['event_type'],
        start_time: event.startTime.toISOString(),
      },
    };
  }

  async markEventRead(viewer: Viewer, rawId: unknown, meta: EventMeta): Promise<MarkReadReply> {
    const event = await this.chatEvent(rawId, viewer);
    const conversation = await repo.findEventConversation(this.db, event.id);
    return this.markRead(viewer, conversation, meta);
  }

  // ── Both ───────────────────────────────────────────────────────────────────
  async conversations(viewer: Viewer): Promise<ConversationsReply> {
    const [direct, events] = await Promise.all([
      repo.directConversationsOf(this.db, viewer.user_id),
      repo.eventChatsOf(this.db, viewer.user_id),
    ]);
    const unread = [...direct, ...events].reduce((sum, c) => sum + c.unread_count, 0);
    return { direct_messages: direct, event_chats: events, unread_total: unread };
  }

  private async page(conversation: ConversationRow | undefined, query: MessagesQuery) {
    const limit = query.limit ?? PAGE_SIZES.messageHistory;
    const offset = query.offset ?? 0;
    if (!conversation) return { messages: [], total: 0, limit, offset };
    const [messages, total] = await Promise.all([
      repo.messagesPage(this.db, conversation.id, { limit, offset, before: query.before }),
      repo.countMessages(this.db, conversation.id),
    ]);
    return { messages, total, limit, offset };
  }

  private async store(
    tx: Db,
    conversation: ConversationRow,
    senderId: number,
    body: MessageBody,
    to: { receiverUserId?: number; eventId?: number },
    recipients: number[],
    meta: EventMeta,
  ): Promise<MessageRow> {
    const now = this.deps.clock();
    const row = await repo.insertMessage(tx, {
      conversationId: conversation.id,
      senderUserId: senderId,
      receiverUserId: to.receiverUserId ?? null,
      eventId: to.eventId ?? null,
      ...body,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const message = await repo.messageView(tx, row.id);
    await this.notices.sent(tx, conversation, message, recipients, meta);
    return row;
  }

  private async markRead(viewer: Viewer, conversation: ConversationRow | undefined, meta: EventMeta) {
    const now = this.deps.clock();
    if (!conversation) return { read_count: 0, read_at: now.toISOString() };
    const marked = await this.db.transaction(async (tx) => {
      const result = await repo.markRead(tx, conversation, viewer.user_id, now);
      if (result.messageIds.length)
        await this.notices.read(tx, conversation, viewer.user_id, result, now, meta);
      return result;
    });
    return { read_count: marked.messageIds.length, read_at: now.toISOString() };
  }
}
