import { currentUser, type HttpApp } from '@linksmate/platform';
import { MessagingPreferences } from '@linksmate/proto';
import type { DigestService } from './service';

/** The digest e-mail preference (beyond the spec), shown on the own profile. */
export function registerDigestRoutes(app: HttpApp, digest: DigestService): void {
  app.get(
    '/messages/preferences',
    { config: { access: 'user' }, schema: { tags: ['messages'], response: { 200: MessagingPreferences } } },
    async (request) => digest.preferences(currentUser(request).user_id),
  );
  app.put(
    '/messages/preferences',
    {
      config: { access: 'user' },
      schema: { tags: ['messages'], body: MessagingPreferences, response: { 200: MessagingPreferences } },
    },
    async (request) => digest.setPreferences(currentUser(request).user_id, request.body),
  );
}
