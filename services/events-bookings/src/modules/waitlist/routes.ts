import { currentUser, type HttpApp } from '@linksmate/platform';
import { ApiErrorSchema, IdParams, WaitlistReply } from '@linksmate/proto';
import type { WaitlistService } from './service';

const tags = ['waitlist'];
const refusals = { 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** The waitlist of a full event (beyond the spec). */
export function registerWaitlistRoutes(app: HttpApp, waitlist: WaitlistService): void {
  app.post(
    '/events/:id/waitlist',
    {
      config: { access: 'member' },
      schema: { tags, params: IdParams, response: { 201: WaitlistReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await waitlist.join(request.params.id, currentUser(request).user_id)),
  );

  app.delete(
    '/events/:id/waitlist',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: WaitlistReply, ...refusals } },
    },
    async (request) => waitlist.leave(request.params.id, currentUser(request).user_id),
  );
}
