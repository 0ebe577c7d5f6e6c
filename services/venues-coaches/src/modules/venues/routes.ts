import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  AmenitiesReply,
  ApiErrorSchema,
  IdParams,
  ImportVenueBody,
  ImportVenueReply,
  RegionsReply,
  SlugParams,
  StatesReply,
  UserVenueBody,
  UserVenueReply,
  VenueReply,
  VenuesQuery,
  VenuesReply,
  VenueTypesReply,
} from '@linksmate/proto';
import type { FastifyReply } from 'fastify';
import type { VenuesService } from './service';

const tags = ['venues'];
/** Filter lists change rarely: browsers and proxies may keep them a minute. */
const FILTER_LIST_CACHE = 'public, max-age=60';
const cached = <T>(reply: FastifyReply, body: T): T => {
  reply.header('cache-control', FILTER_LIST_CACHE);
  return body;
};

export function registerVenueRoutes(app: HttpApp, venues: VenuesService): void {
  /** The directory (spec 2 "Venue directory"): public, listed venues only. */
  app.get(
    '/venues',
    { schema: { tags, querystring: VenuesQuery, response: { 200: VenuesReply, 400: ApiErrorSchema } } },
    async (request) => venues.directory(request.query),
  );

  // Static paths: the router prefers them to `/venues/:id`, whatever the order they are declared in.
  app.get('/venues/regions', { schema: { tags, response: { 200: RegionsReply } } }, async (_request, reply) =>
    cached(reply, await venues.regions()),
  );
  app.get('/venues/states', { schema: { tags, response: { 200: StatesReply } } }, async (_request, reply) =>
    cached(reply, await venues.states()),
  );
  app.get(
    '/venues/types',
    { schema: { tags, response: { 200: VenueTypesReply } } },
    async (_request, reply) => cached(reply, await venues.types()),
  );
  app.get(
    '/venues/course-amenities',
    { schema: { tags, response: { 200: AmenitiesReply } } },
    async (_request, reply) => cached(reply, await venues.courseAmenities()),
  );
  app.get(
    '/venues/club-amenities',
    { schema: { tags, response: { 200: AmenitiesReply } } },
    async (_request, reply) => cached(reply, await venues.clubAmenities()),
  );

  app.get(
    '/venues/slug/:slug',
    { schema: { tags, params: SlugParams, response: { 200: VenueReply, 404: ApiErrorSchema } } },
    async (request) => venues.listed({ slug: request.params.slug }),
  );

  app.get(
    '/venues/:id',
    { schema: { tags, params: IdParams, response: { 200: VenueReply, 404: ApiErrorSchema } } },
    async (request) => venues.listed({ id: request.params.id }),
  );

  /** A venue someone plays at, for review (docs/product.md#community-states, #community-validation): any signed-in person. */
  app.post(
    '/venues/user-created',
    {
      config: { access: 'user' },
      schema: { tags, body: UserVenueBody, response: { 201: UserVenueReply, 422: ApiErrorSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await venues.submit(currentUser(request), request.body, requestMeta(request))),
  );

  /** Calls between services only: a reviewed venue made by the platform (demo data, the bench). */
  app.post(
    '/internal/venues',
    {
      config: { access: 'service' },
      schema: {
        body: ImportVenueBody,
        response: { 201: ImportVenueReply, 409: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await venues.importVenue(request.body, requestMeta(request))),
  );
}
