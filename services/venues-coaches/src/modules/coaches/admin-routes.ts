import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AddCoachVenueBody,
  AdminCoachBody,
  AdminCoachesQuery,
  AdminCoachesReply,
  AdminCoachReply,
  ApiErrorSchema,
  CoachLinkParams,
  CoachUserParams,
  CoachVenueParams,
  CoachVenuesReply,
  IdParams,
  MessageReply,
} from '@linksmate/proto';
import type { AdminCoachesService } from './admin-service';

const tags = ['admin coaches'];
const refusals = { 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema };
const coachManagers = { access: { roles: ADMIN_SECTION_ROLES.coaches } };
const coachVenueManagers = { access: { roles: ADMIN_SECTION_ROLES['coach-venues'] } };

/** docs/product.md#admin-calls "Coaches": the coach table and wizard, and where coaches teach. */
export function registerAdminCoachRoutes(app: HttpApp, coaches: AdminCoachesService): void {
  // The coach venues page lists coaches for site admins too: its roles read the list.
  app.get(
    '/admin/coaches',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.coaches } },
      schema: { tags, querystring: AdminCoachesQuery, response: { 200: AdminCoachesReply } },
    },
    async (request) => coaches.list(request.query),
  );
  app.post(
    '/admin/coaches',
    {
      config: coachManagers,
      schema: { tags, body: AdminCoachBody, response: { 201: AdminCoachReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await coaches.create(request.body, requestMeta(request))),
  );
  app.put(
    '/admin/coaches/:id',
    {
      config: coachManagers,
      schema: {
        tags,
        params: IdParams,
        body: AdminCoachBody,
        response: { 200: AdminCoachReply, ...refusals },
      },
    },
    async (request) => coaches.update(request.params.id, request.body, requestMeta(request)),
  );
  app.delete(
    '/admin/coaches/:id',
    {
      config: coachManagers,
      schema: { tags, params: IdParams, response: { 200: MessageReply, ...refusals } },
    },
    async (request) => coaches.remove(request.params.id, requestMeta(request)),
  );
  app.get(
    '/admin/coaches/by-user/:userId',
    {
      config: coachVenueManagers,
      schema: { tags, params: CoachUserParams, response: { 200: AdminCoachReply, ...refusals } },
    },
    async (request) => coaches.byUser(currentUser(request), request.params.userId),
  );
  app.get(
    '/admin/coaches/:id/venues',
    {
      config: coachVenueManagers,
      schema: { tags, params: IdParams, response: { 200: CoachVenuesReply, ...refusals } },
    },
    async (request) => coaches.venues(currentUser(request), request.params.id),
  );
  app.post(
    '/admin/coaches/:id/venues',
    {
      config: coachVenueManagers,
      schema: {
        tags,
        params: IdParams,
        body: AddCoachVenueBody,
        response: { 201: CoachVenuesReply, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await coaches.addVenue(currentUser(request), request.params.id, request.body, requestMeta(request)),
        ),
  );
  app.delete(
    '/admin/coaches/:id/venues/:venueId',
    {
      config: coachVenueManagers,
      schema: { tags, params: CoachVenueParams, response: { 200: CoachVenuesReply, ...refusals } },
    },
    async (request) =>
      coaches.removeVenue(
        currentUser(request),
        request.params.id,
        request.params.venueId,
        requestMeta(request),
      ),
  );
  app.put(
    '/admin/coaches/:id/venues/:linkId/primary',
    {
      config: coachVenueManagers,
      schema: { tags, params: CoachLinkParams, response: { 200: CoachVenuesReply, ...refusals } },
    },
    async (request) =>
      coaches.makePrimary(
        currentUser(request),
        request.params.id,
        request.params.linkId,
        requestMeta(request),
      ),
  );
}
