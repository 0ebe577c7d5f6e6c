import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PUBLIC_API_PREFIX } from '@linksmate/proto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { SERVICE_NAMES, type ServiceName } from './routes';

const CACHE_MS = 30_000;

/** Gathers the services' OpenAPI documents into one, paths under `/api/v1`. */
export class OpenApiGatherer {
  private cached?: { at: number; document: OpenAPIV3.Document };

  constructor(private readonly services: Record<ServiceName, string>) {}

  async document(): Promise<OpenAPIV3.Document> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.document;
    const parts = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        try {
          const response = await fetch(`${this.services[name]}/openapi.json`, {
            signal: AbortSignal.timeout(2_000),
          });
          return response.ok ? { name, document: (await response.json()) as OpenAPIV3.Document } : { name };
        } catch {
          return { name };
        }
      }),
    );
    const document: OpenAPIV3.Document = {
      openapi: '3.0.3',
      info: {
        title: 'LinksMate API',
        version: '1.0.0',
        description: `Gathered from the services. Unavailable now: ${
          parts
            .filter((p) => !('document' in p) || !p.document)
            .map((p) => p.name)
            .join(', ') || 'none'
        }.`,
      },
      servers: [{ url: PUBLIC_API_PREFIX }],
      paths: {},
      components: {
        schemas: {},
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [],
    };
    for (const part of parts) {
      if (!('document' in part) || !part.document) continue;
      document.tags!.push({ name: part.name });
      for (const [path, item] of Object.entries(part.document.paths ?? {})) {
        const tagged = Object.fromEntries(
          Object.entries(item ?? {}).map(([method, op]) =>
            typeof op === 'object' && op && 'responses' in op
              ? [method, { ...op, tags: [part.name] }]
              : [method, op],
          ),
        );
        document.paths[path] = tagged as OpenAPIV3.PathItemObject;
      }
      Object.assign(document.components!.schemas!, part.document.components?.schemas ?? {});
    }
    this.cached = { at: Date.now(), document };
    return document;
  }
}

/** `/api/docs`: Swagger UI over the gathered document, also at `/api/docs/json`. */
export async function registerDocs(app: FastifyInstance, gatherer: OpenApiGatherer): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(swagger, { openapi: { info: { title: 'LinksMate API', version: '1.0.0' } } });
    const gathered = new WeakMap<FastifyRequest, OpenAPIV3.Document>();
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: {
        onRequest: async (request) => {
          if (/\/(json|yaml)$/.test(request.url.split('?')[0] ?? ''))
            gathered.set(request, await gatherer.document());
        },
      },
      transformSpecification: (fallback, request) => gathered.get(request as FastifyRequest) ?? fallback,
    });
  });
}
