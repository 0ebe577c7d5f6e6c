import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_ROLES,
  ADMIN_SECTION_ROLES,
  AdminProfileReply,
  AdminVenueBody,
  AdminVenueReply,
  AdminVenuesQuery,
  AdminVenuesReply,
  ApiErrorSchema,
  IdParams,
  MessageReply,
  SITE_ADMIN_ROLES,
  VenueReviewBody,
} from '@linksmate/proto';
import type { AdminProfileService } from './admin-profile';
import type { AdminVenuesService } from './admin-service';

const tags = ['admin venues'];
const refusals = { 404: ApiErrorSchema, 422: ApiErrorSchema };
/** Who opens the section (facility admins too, for their own venues) and who changes venues. */
const viewers = { access: { roles: ADMIN_SECTION_ROLES.venues } };
const managers = { access: { roles: SITE_ADMIN_ROLES } };

/** docs/product.md#admin-calls "Venues": the admin venue table, the wizard's calls and the review of submitted venues. */
export function registerAdminVenueRoutes(
  app: HttpApp,
  venues: AdminVenuesService,
  profiles: AdminProfileService,
): void {
  app.get(
    '/admin/profile',
    {
      config: { access: { roles: ADMIN_ROLES } },
      schema: { tags, response: { 200: AdminProfileReply, 404: ApiErrorSchema } },
    },
    async (request) => profiles.of(currentUser(request)),
  );
  app.get(
    '/admin/venues',
    { config: viewers, schema: { tags, querystring: AdminVenuesQuery, response: { 200: AdminVenuesReply } } },
    async (request) => venues.list(currentUser(request), request.query),
  );
  app.get(
    '/admin/venues/:id',
    { config: viewers, schema: { tags, params: IdParams, response: { 200: AdminVenueReply, ...refusals } } },
    async (request) => venues.get(currentUser(request), request.params.id),
  );
  app.post(
    '/admin/venues',
    {
      config: managers,
      schema: { tags, body: AdminVenueBody, response: { 201: AdminVenueReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await venues.create(currentUser(request), request.body, requestMeta(request))),
  );
  app.put(
    '/admin/venues/:id',
    {
      config: managers,
      schema: {
        tags,
        params: IdParams,
        body: AdminVenueBody,
        response: { 200: AdminVenueReply, ...refusals },
      },
    },
    async (request) =>
      venues.update(currentUser(request), request.params.id, request.body, requestMeta(request)),
  );
  app.delete(
    '/admin/venues/:id',
    { config: managers, schema: { tags, params: IdParams, response: { 200: MessageReply, ...refusals } } },
    async (request) => venues.remove(request.params.id, requestMeta(request)),
  );
  app.put(
    '/admin/venues/:id/review',
    {
      config: managers,
      schema: {
        tags,
        params: IdParams,
        body: VenueReviewBody,
        response: { 200: AdminVenueReply, ...refusals },
      },
    },
    async (request) => venues.review(request.params.id, request.body.review_status, requestMeta(request)),
  );
}
