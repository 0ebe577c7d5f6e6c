import { currentUser, type HttpApp } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  ApiErrorSchema,
  AvailabilityBatchBody,
  AvailabilityBatchReply,
  AvailabilityQuery,
  AvailabilityReply,
  AvailabilitySlot,
  CreateAvailabilitySlotBody,
  IdParams,
  UpdateAvailabilitySlotBody,
} from '@linksmate/proto';
import Type from 'typebox';
import type { AvailabilityService } from './service';

const tags = ['availability'];
const config = { access: { roles: ADMIN_SECTION_ROLES.availability } };
const refusals = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * Manage Availability (docs/product.md#admin-sections, #admin-calls): the availability section's admins only, each within their
 * scope (a facility admin's venues, a coach admin's own coach profile; site admins everything).
 */
export function registerAvailabilityRoutes(app: HttpApp, availability: AvailabilityService): void {
  app.get(
    '/admin/availability',
    {
      config,
      schema: {
        tags,
        querystring: AvailabilityQuery,
        response: { 200: AvailabilityReply, 400: ApiErrorSchema },
      },
    },
    async (request) => availability.list(currentUser(request), request.query),
  );

  app.post(
    '/admin/availability',
    {
      config,
      schema: { tags, body: CreateAvailabilitySlotBody, response: { 201: AvailabilitySlot, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await availability.create(currentUser(request), request.body)),
  );

  app.post(
    '/admin/availability/batch',
    {
      config,
      schema: { tags, body: AvailabilityBatchBody, response: { 201: AvailabilityBatchReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await availability.createBatch(currentUser(request), request.body)),
  );

  app.put(
    '/admin/availability/:id',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        body: UpdateAvailabilitySlotBody,
        response: { 200: AvailabilitySlot, ...refusals },
      },
    },
    async (request) => availability.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/availability/:id',
    {
      config,
      schema: { tags, params: IdParams, response: { 204: Type.Null(), 404: ApiErrorSchema } },
    },
    async (request, reply) => {
      await availability.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
