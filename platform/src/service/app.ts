import type { FastifyInstance } from 'fastify';
import { registerAuthentication } from '../auth/guards';
import { registerRouteAccess } from '../http/access';
import { createHttpApp, type HttpApp } from '../http/app';
import type { ServiceRuntime } from './runtime';

/**
 * The HTTP side of a service over its runtime: token verification, readiness from its database (the
 * bus's state in `/health`),
 * consumers and relay started when the app is ready and stopped after the last request is answered.
 */
export async function createServiceApp<TSchema extends Record<string, unknown>>(
  runtime: ServiceRuntime<TSchema>,
  options: {
    title: string;
    description?: string;
    bodyLimit?: number;
    serviceToken: string;
    /** The proxies whose X-Forwarded-For counts (TRUST_PROXY, parsed). */
    trustProxy?: false | number | string[];
    /** Accepted beside `serviceToken` while the token rotates (SERVICE_TOKEN_NEXT). */
    nextServiceToken?: string;
    compileSchemasAtFirstUse?: boolean;
  },
): Promise<HttpApp> {
  const app = await createHttpApp({
    name: runtime.name,
    logger: runtime.logger,
    readiness: () => runtime.readiness(),
    trustProxy: options.trustProxy,
    health: () => runtime.health(),
    openapi: { title: options.title, description: options.description },
    bodyLimit: options.bodyLimit,
    compileSchemasAtFirstUse: options.compileSchemasAtFirstUse,
  });
  registerAuthentication(app as unknown as FastifyInstance, runtime.verifier);
  registerRouteAccess(app as unknown as FastifyInstance, {
    serviceToken: options.serviceToken,
    nextServiceToken: options.nextServiceToken,
  });
  app.addHook('onReady', async () => runtime.start());
  // Fastify runs onClose after the server stopped accepting and in-flight requests were answered.
  app.addHook('onClose', async () => runtime.close());
  return app;
}
