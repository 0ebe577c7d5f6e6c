import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AdminEventsQuery,
  AdminEventsReply,
  ApiErrorSchema,
  CreateMemberGameBody,
  CreateOfficialEventBody,
  CreateOfficialEventReply,
  CreateTicketTypesBody,
  EventReply,
  EventsQuery,
  EventsReply,
  IdParams,
  MyGamesQuery,
  MyGamesReply,
  PRODUCT_SLUG,
  TicketTypesReply,
  UpdateEventBody,
} from '@linksmate/proto';
import Type from 'typebox';
import type { EventsService } from './service';

const tags = ['events'];
const Empty = Type.Null();

export function registerEventRoutes(app: HttpApp, events: EventsService): void {
  /** Event listings (spec 2 "Event Listings"): public; a token adds the caller's own standing. */
  app.get(
    '/events',
    { schema: { tags, querystring: EventsQuery, response: { 200: EventsReply, 400: ApiErrorSchema } } },
    async (request) => events.reads.list(request.query, request.user?.user_id ?? null),
  );

  app.get(
    '/events/:id',
    { schema: { tags, params: IdParams, response: { 200: EventReply, 404: ApiErrorSchema } } },
    async (request) => events.reads.require(request.params.id, request.user?.user_id ?? null),
  );

  app.put(
    '/events/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParams,
        body: UpdateEventBody,
        response: { 200: EventReply, 400: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) =>
      events.update(currentUser(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/events/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 204: Empty, 404: ApiErrorSchema, 409: ApiErrorSchema } },
    },
    async (request, reply) => {
      await events.remove(currentUser(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /** Create member game (docs/product.md#community-validation): members need a valid membership. */
  app.post(
    '/member-games',
    {
      config: { access: 'member' },
      schema: { tags, body: CreateMemberGameBody, response: { 201: EventReply, 422: ApiErrorSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await events.createMemberGame(currentUser(request), request.body, requestMeta(request))),
  );

  app.get(
    '/member-games/my-created',
    {
      config: { access: 'user' },
      schema: { tags, querystring: MyGamesQuery, response: { 200: MyGamesReply } },
    },
    async (request) => events.reads.myGames(currentUser(request).user_id, request.query),
  );

  /** Official events (docs/product.md#admin-validation), with their slot types in one call: the create-event section's admins. */
  app.post(
    `/events/${PRODUCT_SLUG}`,
    {
      config: { access: { roles: ADMIN_SECTION_ROLES['create-event'] } },
      schema: {
        tags,
        body: CreateOfficialEventBody,
        response: { 201: CreateOfficialEventReply, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await events.createOfficial(currentUser(request), request.body, requestMeta(request))),
  );

  /**
   * Events management (docs/product.md#admin-sections): every event, past and cancelled ones too; a facility admin's
   * venues' or a coach admin's own only.
   */
  app.get(
    '/admin/events',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.events } },
      schema: {
        tags,
        querystring: AdminEventsQuery,
        response: { 200: AdminEventsReply, 400: ApiErrorSchema },
      },
    },
    async (request) => events.adminList(currentUser(request), request.query),
  );

  app.get(
    '/events/:id/ticket-types',
    { schema: { tags, params: IdParams, response: { 200: TicketTypesReply, 404: ApiErrorSchema } } },
    async (request) => events.ticketTypes(request.params.id),
  );

  app.post(
    '/events/:id/ticket-types',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: IdParams,
        body: CreateTicketTypesBody,
        response: { 201: TicketTypesReply, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await events.addTicketTypes(currentUser(request), request.params.id, request.body)),
  );
}
