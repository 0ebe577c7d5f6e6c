import {
  IMMUTABLE_CACHE_CONTROL,
  isStorageKey,
  notFoundBody,
  type ObjectStorage,
  serviceUnavailable,
  UPLOADS_PATH,
} from '@linksmate/platform';
import type { FastifyInstance } from 'fastify';

/**
 * Serves stored uploads at `/uploads/<key>` from the storage port: local disk in the embedded run,
 * the S3-compatible bucket in compose and Kubernetes. For S3 the gateway proxies rather than
 * redirects: the bucket stays private and unexposed, the URL a profile keeps is the same whichever
 * store holds the file, and pictures stay same-origin for the page's CSP. Keys never change, so
 * browsers and any cache in front keep answers for a year and the gateway sees each file rarely.
 */
export function registerUploads(app: FastifyInstance, storage: ObjectStorage): void {
  app.get(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Anything but a key we could have made (`..`, encoded slashes, capitals) is simply not there.
    const object = isStorageKey(key)
      ? await storage.open(key).catch((err: unknown) => {
          request.log.error({ err, key }, 'gateway: the upload store did not answer');
          throw serviceUnavailable('Images are unavailable right now. Please try again shortly.');
        })
      : null;
    if (!object) return reply.status(404).send(notFoundBody(request));
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).header('etag', object.etag).send();
    }
    reply
      .header('content-type', object.contentType)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      // Even a stored file that a browser would render as a page runs nothing, anywhere.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline');
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    if (object.etag) reply.header('etag', object.etag);
    if (request.method === 'HEAD') {
      object.body.destroy();
      return reply.send();
    }
    return reply.send(object.body);
  });
}
