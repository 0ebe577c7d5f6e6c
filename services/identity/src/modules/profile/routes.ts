import { currentUser, type HttpApp } from '@linksmate/platform';
import { ApiErrorSchema, IdParams, ProfileReply } from '@linksmate/proto';
import type { ProfileService } from './service';

export function registerProfileRoutes(app: HttpApp, profiles: ProfileService): void {
  app.get(
    '/profile',
    { config: { access: 'user' }, schema: { tags: ['profile'], response: { 200: ProfileReply } } },
    async (request) => profiles.own(currentUser(request)),
  );

  app.get(
    '/profile/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['profile'], params: IdParams, response: { 200: ProfileReply, 404: ApiErrorSchema } },
    },
    async (request) => profiles.other(currentUser(request), request.params.id),
  );
}
