import { type Context, SpanStatusCode } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from '../logger';
import { contextFromHeaders, runInContext, type Span, SpanKind, startSpan, tracingEnabled } from '../tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span and the context it is active in, while tracing is on. */
    traced: { span: Span; context: Context } | undefined;
  }
}

const UNTRACED = new Set(['/health', '/ready', '/metrics']);

const defaultTraced = (request: FastifyRequest) => !UNTRACED.has(request.routeOptions.url ?? '');

/**
 * A server span for each request while tracing is on (nothing at all otherwise): a child of the
 * caller's `traceparent` when it is well formed, a new trace when it is missing or malformed. The
 * handler, and what it calls (the database, the outbox, other services), runs in its context.
 */
export function traceRequests(
  app: FastifyInstance,
  traced: (request: FastifyRequest) => boolean = defaultTraced,
  routeOf: (request: FastifyRequest) => string | undefined = () => undefined,
): void {
  if (!tracingEnabled()) return;
  app.decorateRequest('traced', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!traced(request)) return done();
    const path = request.url.split('?', 1)[0] as string;
    const started = startSpan(request.method, {
      kind: SpanKind.SERVER,
      parent: contextFromHeaders(request.headers),
      attributes: {
        'http.request.method': request.method,
        'url.path': redactUrl(path),
        'linksmate.request_id': request.id,
      },
    });
    request.traced = started;
    // The rest of the request's hooks run within done(): in the span's context.
    runInContext(started?.context, done);
  });
  // A body is read on the socket's callbacks, outside that context: the handler gets it back here.
  app.addHook('preHandler', (request, _reply, done) => {
    runInContext(request.traced?.context, done);
  });
  const end = (request: FastifyRequest, reply: FastifyReply | undefined, aborted: boolean) => {
    const traced = request.traced;
    if (!traced) return;
    request.traced = undefined;
    const route = routeOf(request) ?? request.routeOptions.url;
    if (route) {
      traced.span.updateName(`${request.method} ${route}`);
      traced.span.setAttribute('http.route', route);
    }
    if (reply) traced.span.setAttribute('http.response.status_code', reply.statusCode);
    if (aborted || (reply && reply.statusCode >= 500)) {
      traced.span.setAttribute('error.type', aborted ? 'aborted' : String(reply?.statusCode));
      traced.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    traced.span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply, false);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined, true);
    done();
  });
}
