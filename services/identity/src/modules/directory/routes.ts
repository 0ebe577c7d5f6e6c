import { currentUser, type HttpApp } from '@linksmate/platform';
import { DiscoveryQuery, DiscoveryReply, GolfersQuery, GolfersReply } from '@linksmate/proto';
import type { DirectoryService } from './service';

export function registerDirectoryRoutes(app: HttpApp, directory: DirectoryService): void {
  /** The home page's featured golfers (docs/product.md#account-screens). */
  app.get(
    '/golfers',
    {
      config: { access: 'user' },
      schema: { tags: ['directory'], querystring: GolfersQuery, response: { 200: GolfersReply } },
    },
    async (request) => directory.golfers(currentUser(request).user_id, request.query),
  );

  /** Player discovery (spec 2 "Player Discovery"): a member needs a valid membership to find players. */
  app.get(
    '/discovery/members',
    {
      config: { access: 'member' },
      schema: { tags: ['directory'], querystring: DiscoveryQuery, response: { 200: DiscoveryReply } },
    },
    async (request) => directory.discover(currentUser(request).user_id, request.query),
  );
}
