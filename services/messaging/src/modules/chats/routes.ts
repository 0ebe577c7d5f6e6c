import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  ConversationsReply,
  DirectMessagesReply,
  EventChatAccessParams,
  EventChatAccessReply,
  EventIdParams,
  EventMessagesReply,
  MarkReadReply,
  MessagesQuery,
  SendDirectMessageBody,
  SendEventMessageBody,
  SendMessageReply,
  UnreadCountReply,
  UserIdParams,
} from '@linksmate/proto';
import type { ChatsService } from './service';

const tags = ['messages'];
const refusals = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Direct messages and event chats (docs/product.md#community-calls "Messaging"). Sending needs a valid membership for
 * members (402, docs/product.md#membership-gate); reading one's own conversations needs only a login.
 */
export function registerChatRoutes(app: HttpApp, chats: ChatsService): void {
  app.post(
    '/messages/dm',
    {
      config: { access: 'member' },
      schema: { tags, body: SendDirectMessageBody, response: { 201: SendMessageReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: await chats.sendDirect(currentUser(request), request.body, requestMeta(request)),
      }),
  );
  app.get(
    '/messages/dm/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: UserIdParams,
        querystring: MessagesQuery,
        response: { 200: DirectMessagesReply, ...refusals },
      },
    },
    async (request) => chats.readDirect(currentUser(request), request.params.userId, request.query),
  );
  app.post(
    '/messages/dm/:userId/read',
    {
      config: { access: 'user' },
      schema: { tags, params: UserIdParams, response: { 200: MarkReadReply, ...refusals } },
    },
    async (request) =>
      chats.markDirectRead(currentUser(request), request.params.userId, requestMeta(request)),
  );

  app.post(
    '/messages/event/:eventId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: EventIdParams,
        body: SendEventMessageBody,
        response: { 201: SendMessageReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: await chats.sendEvent(
          currentUser(request),
          request.params.eventId,
          request.body,
          requestMeta(request),
        ),
      }),
  );
  app.get(
    '/messages/event/:eventId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: EventIdParams,
        querystring: MessagesQuery,
        response: { 200: EventMessagesReply, ...refusals },
      },
    },
    async (request) => chats.readEvent(currentUser(request), request.params.eventId, request.query),
  );
  app.post(
    '/messages/event/:eventId/read',
    {
      config: { access: 'user' },
      schema: { tags, params: EventIdParams, response: { 200: MarkReadReply, ...refusals } },
    },
    async (request) =>
      chats.markEventRead(currentUser(request), request.params.eventId, requestMeta(request)),
  );

  app.get(
    '/messages/conversations',
    { config: { access: 'user' }, schema: { tags, response: { 200: ConversationsReply } } },
    async (request) => chats.conversations(currentUser(request)),
  );
  app.get(
    '/messages/unread-count',
    { config: { access: 'user' }, schema: { tags, response: { 200: UnreadCountReply } } },
    async (request) => ({ unread_count: (await chats.conversations(currentUser(request))).unread_total }),
  );

  /** The gateway asks before a socket may follow an event chat live (`access: 'service'`). */
  app.get(
    '/internal/event-chats/:eventId/members/:userId',
    {
      config: { access: 'service' },
      schema: { params: EventChatAccessParams, response: { 200: EventChatAccessReply } },
    },
    async (request) => ({
      allowed: await chats.mayFollowEventChat(request.params.eventId, request.params.userId),
    }),
  );
}
