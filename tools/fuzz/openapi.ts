import type { OpenAPIV3 } from 'openapi-types';

/** A JSON schema as OpenAPI documents carry them (after the gateway gathered them). */
export type Schema = OpenAPIV3.SchemaObject & { const?: unknown };

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

/** One documented operation of the public API. */
export interface Operation {
  method: string;
  /** The path as documented, with `{name}` placeholders, below `/api/v1`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  /** Whether the document says it needs a bearer token. */
  secured: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of a gathered OpenAPI document: the fuzz tier's list of what to attack. */
export function operationsOf(document: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map((p) => p as OpenAPIV3.ParameterObject)
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          name: p.name,
          in: p.in as 'path' | 'query',
          required: !!p.required || p.in === 'path',
          schema: (p.schema ?? {}) as Schema,
        }));
      const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
      const body = content?.['application/json']?.schema as Schema | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        secured: !!operation.security?.length,
      });
    }
  }
  return operations;
}
