import { LEGACY_API_PREFIX, PUBLIC_API_PREFIX } from '@linksmate/proto';
import type { FastifyInstance } from 'fastify';
import { SERVICE_NAMES, type ServiceName } from './routes';
import type { ForwardOptions, Upstreams } from './upstream';

type ServiceState = 'ready' | 'not_ready' | 'unreachable';

async function stateOf(url: string): Promise<ServiceState> {
  try {
    const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok ? 'ready' : 'not_ready';
  } catch {
    return 'unreachable';
  }
}

/**
 * `GET /api/v1/health`: 200 with each service's state only when all six are ready, else 503.
 * `GET /api/v1/health/{service}` relays one service's liveness (operations, benchmarks).
 */
export function registerPlatformHealth(
  app: FastifyInstance,
  services: Record<ServiceName, string>,
  upstreams: Upstreams,
): void {
  // Made once per service, not per request.
  const forwardOptions = new Map<string, ForwardOptions>(
    SERVICE_NAMES.map((name) => [
      name,
      {
        onError: (errorReply) =>
          errorReply
            .status(503)
            .send({ error: `The ${name} service is unavailable.`, code: 'service_unavailable' }),
      },
    ]),
  );
  for (const prefix of [PUBLIC_API_PREFIX, LEGACY_API_PREFIX]) {
    app.get(`${prefix}/health`, { schema: { hide: true } }, async (_request, reply) => {
      const states = await Promise.all(
        SERVICE_NAMES.map(async (name) => [name, await stateOf(services[name])] as const),
      );
      const ready = states.every(([, state]) => state === 'ready');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'degraded', services: Object.fromEntries(states) });
    });
    app.get<{ Params: { service: string } }>(
      `${prefix}/health/:service`,
      { schema: { hide: true } },
      // Not async and returning nothing, as the proxy's handler (see proxy.ts).
      (request, reply) => {
        const name = request.params.service as ServiceName;
        const options = forwardOptions.get(name);
        if (!options) {
          reply.status(404).send({ error: 'Unknown service', code: 'not_found' });
          return;
        }
        upstreams.forward(request, reply, services[name], '/health', options);
      },
    );
  }
}
