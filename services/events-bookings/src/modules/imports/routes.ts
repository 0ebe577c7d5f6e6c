import { type HttpApp, requestMeta } from '@linksmate/platform';
import { ApiErrorSchema, EventReply, ImportEventBody } from '@linksmate/proto';
import type { ImportsService } from './service';

/** Calls between services only (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerImportRoutes(app: HttpApp, imports: ImportsService): void {
  app.post(
    '/internal/events',
    {
      config: { access: 'service' },
      schema: {
        body: ImportEventBody,
        response: { 201: EventReply, 400: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await imports.importEvent(request.body, requestMeta(request))),
  );
}
