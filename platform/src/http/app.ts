import type { IncomingMessage, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import type { Logger } from 'pino';
import { httpRequestDuration } from '../metrics';
import { withCorrelation } from '../tracing';
import { atFirstUse } from './compile-at-first-use';
import { installErrorHandlers } from './error-handler';
import { refuseNonFiniteNumbers } from './finite-numbers';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';
import { lazyRequestLogger } from './request-logger';
import { buildSerializer } from './serialization';
import { traceRequests } from './tracing';
import { buildValidator, buildValidatorUnchecked } from './validation';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;
/** What `/health` reports beside "alive": the state of parts that do not decide readiness (the bus). */
export type HealthDetails = () => Record<string, string | number | boolean>;

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /**
   * Parts that must answer for `/ready` to be 200: what the process cannot serve without (its own
   * database). The broker is not one: writes wait in the outbox while it is away.
   */
  readiness?: ReadinessCheck;
  health?: HealthDetails;
  /** False when the probes are served elsewhere (registerProbes on a management app). */
  probes?: boolean;
  bodyLimit?: number;
  /** OpenAPI description of this app's public routes. */
  openapi?: { title: string; description?: string };
  /** The proxies whose X-Forwarded-For counts: their addresses/CIDRs, a hop count, or false. */
  trustProxy?: false | number | string | string[];
  /**
   * The `route` label of a request's figures where the route template says too little (the
   * gateway's one catch-all): a value of few kinds, never a path with ids. Else the template.
   */
  metricsRoute?: (request: FastifyRequest) => string | undefined;
  /** False when the caller sets its own not-found handler (the gateway's SPA fallback). */
  jsonNotFound?: boolean;
  /**
   * False for an app that validates nothing and parses no body (the gateway: its params and query
   * stay text, bodies stream through), where no number can appear for `refuseNonFiniteNumbers` to
   * find; true by default.
   */
  refuseNonFiniteNumbers?: boolean;
  /**
   * Each route's validators and answer serializers compiled at the route's first request rather
   * than at start: a start that calls few of its routes soon skips most of the compiling (Ajv and
   * fast-json-stringify, tens of ms for a large body schema). A schema that cannot compile then
   * fails its first request instead of the start, so only the embedded run asks for it. Ajv then
   * does not check each schema against the meta-schema either (the tests compile them all with it).
   */
  compileSchemasAtFirstUse?: boolean;
  /**
   * Which requests get a server span when tracing is on: all but the probes and `/metrics` by
   * default (the gateway: its API only, not the web app's files).
   */
  traceRequest?: (request: FastifyRequest) => boolean;
}

export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A URL Fastify cannot even route (a broken percent-encoding, say) still answers in the API's shape. */
function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ error: error.message, code: (error.code ?? 'bad_request').toLowerCase() });
}

/**
 * The Fastify bootstrap shared by every service and the gateway: pino logging with a request id
 * (which becomes the correlation id of the events a request causes), the API error shape,
 * `/health`, `/ready` and the OpenAPI document at `/openapi.json`.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: requestIdFrom,
    // A request's child logger is made only when it logs (most requests do not below info).
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Nobody's X-Forwarded-For counts unless the caller names the proxies in front.
    // (Fastify takes a hop count too, though its type does not say so.)
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    return503OnClosing: true,
    frameworkErrors: frameworkError as FastifyServerOptions['frameworkErrors'],
    schemaController: {
      compilersFactory: options.compileSchemasAtFirstUse
        ? {
            buildValidator: atFirstUse(buildValidatorUnchecked),
            buildSerializer: atFirstUse(buildSerializer),
          }
        : { buildValidator, buildSerializer },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as HttpApp;

  // Hooks that run for every request take a callback rather than being async: nothing in them
  // waits, and an async hook costs a promise and a turn of the microtask queue each time.
  // The request's id is the correlation id of its lines, those the process's own logger writes
  // included, and of the events it causes (request-meta.ts). The body is read on the socket's
  // callbacks, outside that context: the handler gets it back before it runs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withCorrelation(request.id, done);
  });
  app.addHook('preHandler', (request, _reply, done) => withCorrelation(request.id, done));
  // While shutting down, answers close their keep-alive connection so the server can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // By route template (never the path itself: ids would make a series each), method and status.
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        service: options.name,
        route: options.metricsRoute?.(request) ?? request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  traceRequests(app as unknown as FastifyInstance, options.traceRequest, options.metricsRoute);
  installErrorHandlers(app as unknown as FastifyInstance, { notFound: options.jsonNotFound });
  if (options.refuseNonFiniteNumbers !== false) refuseNonFiniteNumbers(app as unknown as FastifyInstance);

  if (options.openapi) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: options.openapi.title, description: options.openapi.description, version: '1.0.0' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  if (options.probes !== false) registerProbes(app, options);

  return app;
}

/**
 * `/health` (alive, with details) and `/ready` (can serve) on `app`: the app's own port, or, for
 * the gateway behind an edge, a management port the edge does not route (see the gateway's main).
 */
export function registerProbes(
  app: HttpApp,
  options: Pick<HttpAppOptions, 'name' | 'readiness' | 'health'>,
): void {
  app.get('/health', { schema: { hide: true } }, async () =>
    options.health
      ? { status: 'ok', service: options.name, details: options.health() }
      : { status: 'ok', service: options.name },
  );
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const checks = options.readiness ? await options.readiness().catch(() => ({ checks: false })) : {};
    const ready = Object.values(checks).every(Boolean);
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', service: options.name, checks });
  });
}
