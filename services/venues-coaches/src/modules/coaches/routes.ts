import { type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  CoachesQuery,
  CoachesReply,
  CoachReply,
  IdParams,
  ImportCoachBody,
  ImportCoachReply,
} from '@linksmate/proto';
import type { CoachesService } from './service';

const tags = ['coaches'];

export function registerCoachRoutes(app: HttpApp, coaches: CoachesService): void {
  /** Find Coaches (spec 2): public, verified coaches first. */
  app.get(
    '/coaches',
    { schema: { tags, querystring: CoachesQuery, response: { 200: CoachesReply, 400: ApiErrorSchema } } },
    async (request) => coaches.list(request.query),
  );

  app.get(
    '/coaches/:id',
    { schema: { tags, params: IdParams, response: { 200: CoachReply, 404: ApiErrorSchema } } },
    async (request) => coaches.byId(request.params.id),
  );

  /** Calls between services only: a coach made by the platform, linked to venues (first is primary). */
  app.post(
    '/internal/coaches',
    {
      config: { access: 'service' },
      schema: {
        body: ImportCoachBody,
        response: { 201: ImportCoachReply, 409: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await coaches.importCoach(request.body, requestMeta(request))),
  );
}
