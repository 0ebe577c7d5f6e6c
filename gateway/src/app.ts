import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import {
  bearerToken,
  createHttpApp,
  createJwksVerifier,
  createLogger,
  createObjectStorage,
  type EventBus,
  type HttpApp,
  HttpError,
  InvalidTokenError,
  type Logger,
  type ObjectStorage,
  RabbitMqEventBus,
  type TokenVerifier,
  trustProxySetting,
} from '@linksmate/platform/edge';
import { type AccessTokenClaims, CLAIMS_STALE, eventRegistry } from '@linksmate/proto';
import type { FastifyInstance } from 'fastify';
import { type GatewayConfig, serviceUrls } from './config';
import { CurrentMemberships } from './current-memberships';
import { OpenApiGatherer, registerDocs } from './docs';
import { EventPreviews } from './event-page';
import { registerPlatformHealth } from './health';
import { apiPathOf, registerApiPath, registerProxy } from './proxy';
import { eventChatAccessOver, Realtime } from './realtime';
import {
  AUTH_PREFIX,
  DEV_MAILBOX_PREFIX,
  DEV_METRICS_PREFIX,
  isCredentialPath,
  routePrefixOf,
} from './routes';
import { registerSecurityHeaders } from './security-headers';
import { TokenVersions } from './token-versions';
import { registerUploads } from './uploads';
import { registerWeb } from './web';

export interface GatewayDeps {
  /** The bus to consume real-time events from; otherwise one is made from AMQP_URL. */
  bus?: EventBus;
  verifier?: TokenVerifier;
  logger?: Logger;
  /** Where uploads are read from; otherwise the storage STORAGE_DRIVER names. */
  storage?: ObjectStorage;
}

export interface Gateway {
  app: HttpApp;
  /**
   * With MANAGEMENT_PORT: the probes (`/health`, `/ready`) and the platform's health
   * (`/api/v1/health`) on a port of their own, which the edge does not route; the public app then
   * answers none of them. Closed with `app`.
   */
  management?: HttpApp;
  realtime: Realtime;
  tokenVersions: TokenVersions;
  memberships: CurrentMemberships;
}

function allowedOrigins(config: GatewayConfig): string[] {
  const listed = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [...new Set([new URL(config.PUBLIC_URL).origin, ...listed])];
}

/** A token that did not verify, as the API answers it. */
function tokenError(err: unknown): Error {
  if (!(err instanceof InvalidTokenError)) return err as Error;
  return new HttpError(
    401,
    err.reason === 'expired' ? 'Token has expired' : 'Invalid authentication token',
    err.reason === 'expired' ? 'token_expired' : 'invalid_token',
  );
}

/**
 * The only public entry: `/api/v1/*` (and the `/v1/*` alias) routed to the owning service, token
 * and token-version checks, rate limits, security headers, CORS, body limits, `/api/docs`, stored
 * uploads at `/uploads/*`, the web app with SPA fallback, and Socket.IO on the same port.
 */
export async function buildGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<Gateway> {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const services = serviceUrls(config);
  const verifier = deps.verifier ?? createJwksVerifier(config.JWKS_URL);
  const ownsBus = !deps.bus;
  let bus = deps.bus;
  if (!bus) {
    if (!config.AMQP_URL) throw new Error('gateway: AMQP_URL is required when no event bus is given');
    bus = new RabbitMqEventBus({
      url: config.AMQP_URL,
      registry: eventRegistry,
      logger: logger.child({ component: 'event-bus' }),
      connectionName: 'gateway',
    });
  }
  const eventBus = bus;
  const tokenVersions = new TokenVersions();
  const memberships = new CurrentMemberships();
  const probes = {
    name: 'gateway',
    // Until identity's snapshots are in, a banned user's older token, or one claiming a membership
    // changed since, could pass: not ready yet. A broker outage after that does not take the gateway
    // out of service (the whole site would go); bans and membership changes made meanwhile apply
    // when it returns and the snapshots are fetched again. `/health` says the bus is away.
    readiness: async () => ({
      token_versions: tokenVersions.hasSnapshot,
      memberships: memberships.hasSnapshot,
    }),
    health: () => ({ bus: eventBus.isConnected() ? 'connected' : 'disconnected' }),
  };
  const separateProbes = config.MANAGEMENT_PORT !== undefined;
  const app = await createHttpApp({
    ...probes,
    logger,
    probes: !separateProbes,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    jsonNotFound: false,
    // No route here validates or parses a body: params and query stay text, bodies stream through.
    refuseNonFiniteNumbers: false,
    // The API's one catch-all, told apart by the route table's prefix it forwards to.
    metricsRoute: (request) => {
      const path = apiPathOf(request);
      const prefix = path === null ? null : routePrefixOf(path);
      return prefix === null ? undefined : `/api/v1${prefix}`;
    },
    // While tracing: the API's requests, not the web app's files.
    traceRequest: (request) => apiPathOf(request) !== null,
  });
  const fastify = app as unknown as FastifyInstance;

  registerApiPath(fastify);
  registerSecurityHeaders(fastify, { https: config.PUBLIC_URL.startsWith('https:') });
  const origins = allowedOrigins(config);
  await fastify.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id', 'x-device-id'],
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
  await fastify.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) =>
      isCredentialPath(apiPathOf(request)) ? config.AUTH_RATE_LIMIT_MAX : config.RATE_LIMIT_MAX,
    keyGenerator: (request) => `${isCredentialPath(apiPathOf(request)) ? 'auth' : 'api'}:${request.ip}`,
    allowList: (request) => apiPathOf(request) === null,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        'rate_limited',
      ),
  });

  // Where a token is sent, it must verify and be current; services verify it again for themselves.
  // Its membership claims must also get the gate's answer the membership as it is now gets, or it
  // is refused as `claims_stale` (the client refreshes it: /auth/* takes it as it is) — so every
  // service's membership gate, which reads the token, follows the current membership.
  // A callback rather than async, so a request without a token (or outside the API) passes at once.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const path = apiPathOf(request);
    const token = path === null ? null : bearerToken(request);
    if (path === null || !token) return done();
    verifier
      .verify(token)
      .then((claims) => refusalOf(claims, path))
      .then(done, (err) => done(tokenError(err)));
  });
  /** Why a verified token is refused here, if it is. */
  const refusalOf = (claims: AccessTokenClaims, path: string): HttpError | undefined => {
    if (tokenVersions.isStale(claims)) {
      return new HttpError(401, 'Your session has ended. Please log in again.', 'token_revoked');
    }
    if (!path.startsWith(AUTH_PREFIX) && memberships.isStale(claims)) {
      return new HttpError(CLAIMS_STALE.status, CLAIMS_STALE.error, CLAIMS_STALE.code);
    }
    return undefined;
  };

  const upstreams = await registerProxy(fastify, {
    services,
    extraUpstreams: config.STRIPE_SIMULATOR_URL
      ? [{ prefix: '/stripe-simulator', url: config.STRIPE_SIMULATOR_URL }]
      : [],
    devApiUpstreams: [
      ...(config.DEV_MAILBOX_URL
        ? [{ prefix: DEV_MAILBOX_PREFIX, name: 'mail catcher', url: config.DEV_MAILBOX_URL }]
        : []),
      ...(config.DEV_METRICS_URL
        ? [{ prefix: DEV_METRICS_PREFIX, name: 'live figures', url: config.DEV_METRICS_URL }]
        : []),
    ],
    bodyLimit: config.BODY_LIMIT_BYTES,
    uploadBodyLimit: config.UPLOAD_BODY_LIMIT_BYTES,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: config.UPSTREAM_RESPONSE_TIMEOUT_MS,
  });
  let management: HttpApp | undefined;
  if (separateProbes) {
    management = await createHttpApp({ ...probes, logger: logger.child({ component: 'management' }) });
    registerPlatformHealth(management as unknown as FastifyInstance, services, upstreams);
    fastify.addHook('onClose', async () => management?.close());
  } else {
    registerPlatformHealth(fastify, services, upstreams);
  }
  await registerDocs(fastify, new OpenApiGatherer(services));
  const storage = deps.storage ?? (await createObjectStorage(config, 'gateway'));
  if (!deps.storage) fastify.addHook('onClose', async () => storage.close());
  registerUploads(fastify, storage);
  const hasWeb = await registerWeb(
    fastify,
    config.WEB_DIST,
    new EventPreviews(upstreams, services['events-bookings']),
  );
  if (!hasWeb)
    logger.warn({ webDist: config.WEB_DIST }, 'gateway: no web build found; only the API is served');

  const realtime = new Realtime(app.server, {
    verifier,
    tokenVersions,
    memberships,
    bus: eventBus,
    logger,
    corsOrigins: origins,
    eventChatAccess: eventChatAccessOver(services.messaging, config.SERVICE_TOKEN),
  });
  const snapshot = new AbortController();
  const loadTokenVersions = () => {
    void tokenVersions.loadSnapshot(services.identity, config.SERVICE_TOKEN, logger, snapshot.signal);
    void memberships.loadSnapshot(services.identity, config.SERVICE_TOKEN, logger, snapshot.signal);
  };
  // Revocations and membership changes published while the bus was away never reached this
  // replica's exclusive queue.
  eventBus.onReconnected(() => {
    logger.info('gateway: event bus back, reloading token versions and memberships');
    loadTokenVersions();
  });
  fastify.addHook('onReady', async () => {
    if (ownsBus) await eventBus.start();
    await realtime.start();
    loadTokenVersions();
  });
  fastify.addHook('preClose', async () => {
    snapshot.abort();
    realtime.disconnectAll();
  });
  fastify.addHook('onClose', async () => {
    await realtime.close();
    if (ownsBus) await eventBus.close();
  });
  return { app, management, realtime, tokenVersions, memberships };
}
