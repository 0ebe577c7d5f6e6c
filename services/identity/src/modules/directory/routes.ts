import { currentUser, type HttpApp } from '@linksmate/platform';
import { GolfersQuery, GolfersReply } from '@linksmate/proto';
import type { DirectoryService } from './service';

/** `GET /golfers`: the home page's featured golfers (spec 1 §2.3). */
export function registerDirectoryRoutes(app: HttpApp, directory: DirectoryService): void {
  app.get(
    '/golfers',
    {
      config: { access: 'user' },
      schema: { tags: ['directory'], querystring: GolfersQuery, response: { 200: GolfersReply } },
    },
    async (request) => directory.golfers(currentUser(request).user_id, request.query),
  );
}
