import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundBody } from '@linksmate/platform/edge';
import type { FastifyInstance } from 'fastify';
import { apiPathOf } from './proxy';

/**
 * The built web app with SPA fallback: an unknown page path gets index.html so the client router
 * can take it; API paths keep their JSON 404. The build writes `.br` and `.gz` beside each
 * compressible file; the one the client's `Accept-Encoding` prefers (br, then gzip, then the file
 * itself; q=0 refuses) is sent with its own length and `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite fingerprints assets, so they never change; index.html must always be fresh.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (say a stale /assets/app.js) must not come back as the HTML page.
    const isPage =
      !/\.(js|mjs|css|map|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|json|txt|webmanifest)$/i.test(path) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      apiPathOf(request) === null &&
      !request.url.startsWith('/socket.io') &&
      !request.url.startsWith('/api/');
    if (isPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request));
  });
  return hasBuild;
}
