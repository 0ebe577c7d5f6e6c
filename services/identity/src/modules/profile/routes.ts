import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import { ApiErrorSchema, BlockReply, IdParams, ProfileReply, UpdateProfileBody } from '@linksmate/proto';
import type { ProfileService } from './service';

export function registerProfileRoutes(app: HttpApp, profiles: ProfileService): void {
  app.get(
    '/profile',
    { config: { access: 'user' }, schema: { tags: ['profile'], response: { 200: ProfileReply } } },
    async (request) => profiles.own(currentUser(request)),
  );

  app.put(
    '/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        body: UpdateProfileBody,
        response: { 200: ProfileReply, 403: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => profiles.update(currentUser(request), request.body, requestMeta(request)),
  );

  app.get(
    '/profile/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['profile'], params: IdParams, response: { 200: ProfileReply, 404: ApiErrorSchema } },
    },
    async (request) => profiles.other(currentUser(request), request.params.id),
  );

  app.post(
    '/profile/block/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profile'],
        params: IdParams,
        response: { 200: BlockReply, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => profiles.block(currentUser(request), request.params.id, requestMeta(request)),
  );

  app.delete(
    '/profile/block/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['profile'], params: IdParams, response: { 200: BlockReply } },
    },
    async (request) => profiles.unblock(currentUser(request), request.params.id, requestMeta(request)),
  );
}
