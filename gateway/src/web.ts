import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundBody } from '@linksmate/platform/edge';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiPathOf } from './proxy';

/**
 * The landing pages whose HTML the web build paints with their first screen
 * (`first-screens/<screen>.html`, web/build/first-screens.ts); every other page gets index.html.
 */
export function firstScreenOf(path: string): string | null {
  if (path === '/') return 'home';
  if (path === '/venues') return 'venues';
  if (path === '/events') return 'events';
  if (/^\/events\/[^/]+$/.test(path)) return 'event';
  return null;
}

/**
 * The built web app with SPA fallback: an unknown page path gets index.html so the client router
 * can take it (a landing page gets its own HTML, painted with its first screen, when the build has
 * it); API paths keep their JSON 404. The build writes `.br` and `.gz` beside each
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
      // `/` is the home page's own route below.
      index: false,
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
  const sendPage = (path: string, reply: FastifyReply) => {
    const screen = firstScreenOf(path);
    const painted = screen && `first-screens/${screen}.html`;
    const page = painted && existsSync(join(webDist, painted)) ? painted : 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile(page);
  };
  if (hasBuild) app.get('/', (_request, reply) => sendPage('/', reply));
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
      return sendPage(path, reply);
    }
    return reply.status(404).send(notFoundBody(request));
  });
  return hasBuild;
}
