import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AddUserToEventBody,
  AdminBooking,
  AdminBookingStatusBody,
  AdminBookingsQuery,
  AdminBookingsReply,
  ApiErrorSchema,
  BookingsReply,
  IdParams,
  JoinEventBody,
  JoinEventReply,
  JoinRequestDecisionReply,
  JoinRequestParams,
  JoinRequestsReply,
  MyBookingsQuery,
} from '@linksmate/proto';
import type { BookingsService } from './service';

const tags = ['bookings'];
const refusals = { 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema };

/** Joining, join requests and bookings (docs/product.md#community-entities, #community-states, #community-calls). */
export function registerBookingRoutes(app: HttpApp, bookings: BookingsService): void {
  app.post(
    '/events/:id/join',
    {
      config: { access: 'member' },
      schema: { tags, params: IdParams, body: JoinEventBody, response: { 201: JoinEventReply, ...refusals } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await bookings.join(
            request.params.id,
            currentUser(request).user_id,
            request.body ?? {},
            requestMeta(request),
          ),
        ),
  );

  app.get(
    '/member-games/:id/join-requests',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: JoinRequestsReply, ...refusals } },
    },
    async (request) => bookings.joinRequests(request.params.id, currentUser(request).user_id),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.put(
      `/member-games/:id/join-requests/:requestId/${decision}`,
      {
        config: { access: 'user' },
        schema: { tags, params: JoinRequestParams, response: { 200: JoinRequestDecisionReply, ...refusals } },
      },
      async (request) =>
        bookings.decide(
          request.params.id,
          request.params.requestId,
          currentUser(request).user_id,
          decision,
          requestMeta(request),
        ),
    );
  }

  app.get(
    '/bookings/my',
    {
      config: { access: 'user' },
      schema: { tags, querystring: MyBookingsQuery, response: { 200: BookingsReply, 400: ApiErrorSchema } },
    },
    async (request) => bookings.myBookings(currentUser(request).user_id, request.query),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: JoinEventReply, ...refusals } },
    },
    async (request) => bookings.cancel(request.params.id, currentUser(request).user_id, requestMeta(request)),
  );

  /**
   * Manage Bookings (docs/product.md#admin-sections): the bookings of the caller's part of the admin area (site admins:
   * every one), and their status set by an admin.
   */
  app.get(
    '/admin/bookings',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.bookings } },
      schema: {
        tags,
        querystring: AdminBookingsQuery,
        response: { 200: AdminBookingsReply, 400: ApiErrorSchema },
      },
    },
    async (request) => bookings.adminList(currentUser(request), request.query),
  );

  app.patch(
    '/admin/bookings/:id/status',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.bookings } },
      schema: {
        tags,
        params: IdParams,
        body: AdminBookingStatusBody,
        response: { 200: AdminBooking, 400: ApiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      bookings.setStatus(currentUser(request), request.params.id, request.body, requestMeta(request)),
  );

  app.post(
    '/admin/events/:id/add-user',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.events } },
      schema: {
        tags,
        params: IdParams,
        body: AddUserToEventBody,
        response: { 201: JoinEventReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await bookings.addUser(
            currentUser(request),
            request.params.id,
            request.body ?? {},
            requestMeta(request),
          ),
        ),
  );
}
