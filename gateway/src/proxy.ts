import { Transform, type TransformCallback } from 'node:stream';
import { HttpError, notFoundBody, REQUEST_ID_HEADER, SERVICE_TOKEN_HEADER } from '@linksmate/platform/edge';
import { LEGACY_API_PREFIX, PUBLIC_API_PREFIX } from '@linksmate/proto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveService, type ServiceName, UPLOAD_PREFIX, underPrefix } from './routes';
import { Upstreams } from './upstream';

/** Limits a streamed body without buffering it: past the limit the stream fails with 413. */
class BodyLimiter extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(tooLarge(this.limit));
    else callback(null, chunk);
  }
}

/** Bodies up to this many bytes, of declared length, are read whole before they are passed on. */
const WHOLE_BODY_BYTES = 16 * 1024;

/**
 * A body of declared length (at most WHOLE_BODY_BYTES) read whole. Node's parser ends the body where
 * its content-length says, so no more can come than was declared.
 */
function readWhole(payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  payload.on('data', (chunk: Buffer) => chunks.push(chunk));
  payload.on('error', (err) => done(err));
  payload.on('end', () => done(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
}

const tooLarge = (limit: number) =>
  new HttpError(413, `Request body is too large (limit ${Math.round(limit / 1024)} KB)`, 'payload_too_large');

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function errorCode(error: unknown): string | undefined {
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  /** Other upstreams by path prefix, the prefix removed (the Stripe simulator in development). */
  extraUpstreams?: Array<{ prefix: string; url: string }>;
  /**
   * API paths answered by development-only upstreams (the mail catcher's mailbox), the path passed
   * on as to a service. Without them these paths are unknown, as in production.
   */
  devApiUpstreams?: Array<{ prefix: string; name: string; url: string }>;
  bodyLimit: number;
  uploadBodyLimit: number;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of `apiPathOf`: undefined until asked. */
    apiPathMemo: string | null | undefined;
  }
}

/** `apiPath` of a request, worked out once: rate limits, token checks and the proxy all ask. */
export function apiPathOf(request: FastifyRequest): string | null {
  let path = request.apiPathMemo;
  if (path === undefined) {
    path = apiPath(request.url);
    request.apiPathMemo = path;
  }
  return path;
}

/** Gives requests the memo slot `apiPathOf` uses (a plain field, cheaper than a WeakMap). */
export function registerApiPath(app: FastifyInstance): void {
  app.decorateRequest('apiPathMemo', undefined);
}

const API_PREFIXES = [PUBLIC_API_PREFIX, LEGACY_API_PREFIX];

/** The path below the API prefix, or null when the URL is not an API path. */
function apiPath(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const prefix of API_PREFIXES) {
    if (path === prefix) return '/';
    if (underPrefix(path, prefix)) return path.slice(prefix.length);
  }
  return null;
}

/**
 * Streams `/api/v1/*` and `/v1/*` to the owning service. Bodies pass through untouched (webhook
 * signatures stay valid) under a size limit; a service that is down is answered 503 within the
 * connect timeout.
 */
export async function registerProxy(app: FastifyInstance, options: ProxyOptions): Promise<Upstreams> {
  // A proxy must not replay requests on its own: POSTs are not idempotent, and a 503 is an answer.
  const upstreams = new Upstreams({
    connectTimeoutMs: options.connectTimeoutMs,
    responseTimeoutMs: options.responseTimeoutMs,
    connections: 128,
  });
  app.addHook('onClose', async () => upstreams.close());
  await app.register(async (scope) => {
    const limitFor = (request: FastifyRequest) =>
      apiPathOf(request)?.startsWith(UPLOAD_PREFIX) ? options.uploadBodyLimit : options.bodyLimit;
    // Every body goes through as it came, never parsed: a small one of declared length (a join, a
    // form) read whole, so the service gets the request's head and body in one write (a streamed
    // body costs a write and a wake-up of the service for each piece); any other counted on its way.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const limit = limitFor(request);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared > limit) return done(tooLarge(limit), undefined);
      if (declared <= WHOLE_BODY_BYTES) return readWhole(payload, done);
      const limited = payload.pipe(new BodyLimiter(limit));
      // The proxy sees the failure through the stream; this only keeps it from going unhandled.
      limited.on('error', () => {});
      done(null, limited);
    });

    /** The upstream answering an API path: a development one, else the owning service. */
    const upstreamFor = (path: string): { name: string; url: string } | null => {
      const dev = options.devApiUpstreams?.find((upstream) => underPrefix(path, upstream.prefix));
      if (dev) return dev;
      const service = resolveService(path);
      return service ? { name: service, url: options.services[service] } : null;
    };

    /** How a failed forward is answered: made once, it finds the request's service and limit again. */
    const onError = (errorReply: FastifyReply, error: unknown) => {
      const request = errorReply.request;
      const service = upstreamFor(apiPathOf(request)!)!.name;
      const code = errorCode(error);
      if ((error as { statusCode?: number }).statusCode === 413 || code === 'payload_too_large') {
        return errorReply.status(413).send(tooLarge(limitFor(request)).toBody());
      }
      if (code && CONNECTION_FAILURES.has(code)) {
        request.log.warn({ service, code }, 'gateway: service unavailable');
        return errorReply.status(503).send({
          error: `The ${service} service is unavailable. Please try again shortly.`,
          code: 'service_unavailable',
        });
      }
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        return errorReply
          .status(504)
          .send({ error: `The ${service} service did not answer in time.`, code: 'gateway_timeout' });
      }
      request.log.error({ service, err: error }, 'gateway: proxy error');
      return errorReply.status(502).send({ error: 'Bad gateway', code: 'bad_gateway' });
    };

    // Not async, and it returns nothing: Fastify then leaves the answer to `forward`. An async
    // handler has to return the reply, and Fastify awaits that by listening for the end of every
    // response.
    const handler = (request: FastifyRequest, reply: FastifyReply): void => {
      const path = apiPathOf(request)!;
      const upstream = upstreamFor(path);
      if (!upstream) {
        reply.status(404).send(notFoundBody(request));
        return;
      }
      const queryAt = request.url.indexOf('?');
      const query = queryAt === -1 ? '' : request.url.slice(queryAt);
      upstreams.forward(request, reply, upstream.url, `${path}${query}`, {
        setHeaders: {
          // A client never speaks for a service: the header only services' own calls carry is dropped.
          [SERVICE_TOKEN_HEADER]: undefined,
          // The client's address as the gateway sees it (TRUST_PROXY decides whether a forwarded
          // header counts), replacing anything the client claimed, so per-address limits hold.
          'x-forwarded-for': request.ip,
          [REQUEST_ID_HEADER]: request.id,
          // Which public prefix the request came through: identity scopes its session cookie to it.
          'x-forwarded-prefix': request.url.startsWith(`${LEGACY_API_PREFIX}/`)
            ? LEGACY_API_PREFIX
            : PUBLIC_API_PREFIX,
        },
        onError,
      });
    };

    for (const prefix of [PUBLIC_API_PREFIX, LEGACY_API_PREFIX]) {
      scope.all(`${prefix}/*`, { schema: { hide: true } }, handler);
    }
    // Only the provider's API (/v1), never a simulator's development controls.
    for (const upstream of options.extraUpstreams ?? []) {
      scope.all(`${upstream.prefix}/v1/*`, { schema: { hide: true } }, async (request, reply) =>
        upstreams.forward(request, reply, upstream.url, request.url.slice(upstream.prefix.length), {
          onError: (errorReply) =>
            errorReply.status(503).send({ error: 'Unavailable', code: 'service_unavailable' }),
        }),
      );
    }
  });
  return upstreams;
}
