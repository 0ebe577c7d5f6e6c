import { currentUser, type HttpApp, requireAuth } from '@linksmate/platform';
import { ErrorReply, ProfileParams, ProfileReply } from './schemas';
import type { ProfileService } from './service';

const secured = { security: [{ bearerAuth: [] }], tags: ['profile'] };

export function registerProfileRoutes(app: HttpApp, profiles: ProfileService): void {
  app.get(
    '/profile',
    { preHandler: requireAuth, schema: { ...secured, response: { 200: ProfileReply, 401: ErrorReply } } },
    async (request) => profiles.own(currentUser(request)),
  );

  app.get(
    '/profile/:id',
    {
      preHandler: requireAuth,
      schema: {
        ...secured,
        params: ProfileParams,
        response: { 200: ProfileReply, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => profiles.other(currentUser(request), request.params.id),
  );
}
