import type { HttpApp } from '@linksmate/platform';
import type { SigningKeys } from './service';

/** The public keys other services and the gateway verify tokens with. */
export function registerKeyRoutes(app: HttpApp, keys: SigningKeys): void {
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(keys.jwks()),
  );
}
