import {
  type ByteRange,
  IMMUTABLE_CACHE_CONTROL,
  isStorageKey,
  notFoundBody,
  type ObjectStorage,
  RangeNotSatisfiable,
  serviceUnavailable,
  UPLOADS_PATH,
} from '@linksmate/platform/edge';
import type { FastifyInstance } from 'fastify';

/**
 * The one range of a `Range: bytes=…` header (what a video player sends to seek), or undefined to
 * serve the whole object: several ranges, another unit or a malformed header are ignored, as HTTP
 * allows (RFC 9110 §14.2).
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (!first) return last ? { suffix: Number(last) } : undefined;
  const start = Number(first);
  if (!last) return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/**
 * Serves stored uploads at `/uploads/<key>` from the storage port: local disk in the embedded run,
 * the S3-compatible bucket in compose and Kubernetes. For S3 the gateway proxies rather than
 * redirects: the bucket stays private and unexposed, the URL a profile keeps is the same whichever
 * store holds the file, and pictures stay same-origin for the page's CSP. Keys never change, so
 * browsers and any cache in front keep answers for a year and the gateway sees each file rarely.
 * Byte ranges are served (206), so a browser can play a gallery video and seek in it; Safari plays
 * no video without them.
 */
export function registerUploads(app: FastifyInstance, storage: ObjectStorage): void {
  app.get(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const range = request.method === 'GET' ? parseRange(request.headers.range) : undefined;
    // Anything but a key we could have made (`..`, encoded slashes, capitals) is simply not there.
    const object = isStorageKey(key)
      ? await storage.open(key, range).catch((err: unknown) => {
          if (err instanceof RangeNotSatisfiable) return err;
          request.log.error({ err, key }, 'gateway: the upload store did not answer');
          throw serviceUnavailable('Images are unavailable right now. Please try again shortly.');
        })
      : null;
    if (!object) return reply.status(404).send(notFoundBody(request));
    if (object instanceof RangeNotSatisfiable) {
      if (object.size !== undefined) reply.header('content-range', `bytes */${object.size}`);
      return reply
        .status(416)
        .send({ error: 'The range asked for lies outside the file.', code: 'range_not_satisfiable' });
    }
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).header('etag', object.etag).send();
    }
    reply
      .header('content-type', object.contentType)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('accept-ranges', 'bytes')
      // Even a stored file that a browser would render as a page runs nothing, anywhere.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline');
    if (object.range) {
      const { start, end, size } = object.range;
      reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
    }
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    if (object.etag) reply.header('etag', object.etag);
    if (request.method === 'HEAD') {
      object.body.destroy();
      return reply.send();
    }
    return reply.send(object.body);
  });
}
