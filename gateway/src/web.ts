import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { notFoundBody } from '@linksmate/platform/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compressBuffer, varyOnEncoding } from './compression';
import { type EventPreviews, eventIdOfPage, fillEventPage } from './event-page';
import { apiPathOf } from './proxy';

/**
 * The landing pages whose HTML the web build paints with their first screen
 * (`first-screens/<screen>.html`, web/build/first-screens.ts); every other page gets index.html. An
 * event page's is its frame and loader; one of an event the gateway knows comes with its title
 * (`event.html` filled in, sendEventPage).
 */
export function firstScreenOf(path: string): string | null {
  if (path === '/') return 'home';
  if (path === '/venues') return 'venues';
  if (path === '/events') return 'events';
  if (/^\/events\/[^/]+$/.test(path)) return 'event-shell';
  return null;
}

/** The event page's HTML with the event's title in it (web/build/first-screens.ts, `event`). */
const EVENT_PAGE = 'first-screens/event.html';

/**
 * The built web app with SPA fallback: an unknown page path gets index.html so the client router
 * can take it (a landing page gets its own HTML, painted with its first screen, when the build has
 * it); API paths keep their JSON 404. The build writes `.br` and `.gz` beside each
 * compressible file; the one the client's `Accept-Encoding` prefers (br, then gzip, then the file
 * itself; q=0 refuses) is sent with its own length and `Vary: Accept-Encoding`.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  eventPreviews?: EventPreviews,
): Promise<boolean> {
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
  /**
   * An event page with the event's title painted, when events-bookings shows the event to anyone
   * within its short timeout; otherwise the page as any other (the app then finds what it finds).
   * Made per request, so compressed here rather than by the build.
   */
  const sendEventPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    eventId: number,
  ) => {
    const preview = await eventPreviews!.previewOf(eventId);
    const template = preview && (await readFile(join(webDist, EVENT_PAGE), 'utf8').catch(() => null));
    if (!preview || !template) return sendPage(path, reply);
    const html = Buffer.from(fillEventPage(template, preview));
    const coding = request.method === 'HEAD' ? null : chooseEncoding(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', varyOnEncoding(reply.getHeader('vary')))
      .type('text/html; charset=utf-8');
    if (!coding) return reply.send(html);
    return reply.header('content-encoding', coding).send(compressBuffer(html, coding));
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
      const eventId = eventPreviews ? eventIdOfPage(path) : null;
      if (eventId !== null) return sendEventPage(request, reply, path, eventId);
      return sendPage(path, reply);
    }
    return reply.status(404).send(notFoundBody(request));
  });
  return hasBuild;
}
