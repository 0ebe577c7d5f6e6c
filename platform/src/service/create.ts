import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth/tokens';
import type { EventBus } from '../bus/types';
import { type Clock, systemClock } from '../clock';
import { trustProxySetting } from '../config';
import type { HttpApp } from '../http/app';
import { forgetOldIdempotencyKeys, registerIdempotency } from '../http/idempotency';
import { createLogger, type Logger } from '../logger';
import { createServiceApp } from './app';
import { ServiceRuntime } from './runtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** The runtime under the service's app (tests flush its outbox). */
    serviceRuntime: ServiceRuntime<Record<string, unknown>>;
  }
}

/** What a caller may hand a service instead of letting it make its own (embedded run, tests). */
export interface ServiceDeps {
  bus?: EventBus;
  verifier?: TokenVerifier;
  logger?: Logger;
  /** Tests move time forward to cross link lifetimes and token expiry. */
  clock?: Clock;
  /**
   * Each route's schemas compiled at its first request instead of at start (see HttpAppOptions).
   * The embedded run: six services start in one process, and few of their routes are called soon.
   */
  compileSchemasAtFirstUse?: boolean;
}

/** The configuration every service reads (see ServiceConfigFields). */
export interface BaseServiceConfig {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  AMQP_URL?: string;
  DB_POOL_MAX: number;
  JWKS_URL: string;
  /** Shared secret of `/internal/*` routes (`access: 'service'`). */
  SERVICE_TOKEN: string;
  SERVICE_TOKEN_NEXT?: string;
  TRUST_PROXY?: string;
}

/**
 * Builds a service's runtime (database migrated, bus, outbox, inbox) and its HTTP app, ready for
 * the service to register its modules on.
 */
export async function createService<TSchema extends Record<string, unknown>>(options: {
  name: string;
  title: string;
  schema: TSchema;
  migrationsFolder: string;
  config: BaseServiceConfig;
  deps?: ServiceDeps;
  bodyLimit?: number;
}): Promise<{ app: HttpApp; runtime: ServiceRuntime<TSchema> }> {
  const { config, deps = {} } = options;
  const logger = deps.logger ?? createLogger(options.name, config.LOG_LEVEL);
  const runtime = await ServiceRuntime.create({
    name: options.name,
    databaseUrl: config.DATABASE_URL,
    schema: options.schema,
    migrationsFolder: options.migrationsFolder,
    logger,
    bus: deps.bus,
    amqpUrl: config.AMQP_URL,
    jwksUrl: config.JWKS_URL,
    verifier: deps.verifier,
    poolMax: config.DB_POOL_MAX,
  });
  const app = await createServiceApp(runtime, {
    title: options.title,
    bodyLimit: options.bodyLimit,
    serviceToken: config.SERVICE_TOKEN,
    nextServiceToken: config.SERVICE_TOKEN_NEXT,
    trustProxy: trustProxySetting(config.TRUST_PROXY ?? 'loopback'),
    compileSchemasAtFirstUse: deps.compileSchemasAtFirstUse,
  });
  app.decorate('serviceRuntime', runtime as unknown as ServiceRuntime<Record<string, unknown>>);
  // Routes may be `idempotent` where the service keeps the keys (its schema exports the table).
  const keys = 'idempotencyKeys' in options.schema ? { db: runtime.db as never } : undefined;
  registerIdempotency(app as unknown as FastifyInstance, keys);
  if (keys) {
    const clock = deps.clock ?? systemClock;
    runtime.job({
      name: 'idempotency-key-cleanup',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await forgetOldIdempotencyKeys(keys, clock());
        return undefined;
      },
    });
  }
  return { app, runtime };
}
