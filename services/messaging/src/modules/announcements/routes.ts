import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AnnouncementsQuery,
  AnnouncementsReply,
  ApiErrorSchema,
  CreateAnnouncementBody,
  CreateAnnouncementReply,
} from '@linksmate/proto';
import type { AnnouncementsService } from './service';

const tags = ['announcements'];

export function registerAnnouncementRoutes(app: HttpApp, announcements: AnnouncementsService): void {
  app.get(
    '/announcements',
    {
      config: { access: 'user' },
      schema: { tags, querystring: AnnouncementsQuery, response: { 200: AnnouncementsReply } },
    },
    async (request) => announcements.list(request.query),
  );
  /** Spec 3 "Platform Announcements": site admins only. */
  app.post(
    '/admin/announcements',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.announcements } },
      schema: {
        tags,
        body: CreateAnnouncementBody,
        response: { 201: CreateAnnouncementReply, 400: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.send(currentUser(request), request.body ?? {}, requestMeta(request))),
  );
}
