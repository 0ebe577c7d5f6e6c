import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];
/** What Fastify hands the compiler for each answer of each route. */
interface RouteAnswer {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
  contentType?: string;
}
type CompileRouteAnswer = (answer: RouteAnswer) => unknown;
type Schema = Record<string, unknown>;

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const isNull = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && (schema as Schema).type === 'null';
/** A scalar the serializer writes by its type alone (no choice of branches inside it). */
const isPlainScalar = (schema: unknown): schema is Schema =>
  typeof schema === 'object' &&
  schema !== null &&
  SCALAR_TYPES.has((schema as Schema).type as string) &&
  !('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema);

/**
 * proto's `Nullable(scalar)` (`anyOf: [scalar, null]`) as the serializer's `nullable` scalar. Given
 * an anyOf, fast-json-stringify asks Ajv which branch each value matches before writing it — for a
 * nullable timestamp a date-time pattern and a calendar check per field per row, half of what
 * writing a page of 25 admin users costs. Written as nullable it checks for null and writes the value
 * by its type, as it already writes every non-nullable field; the JSON is the same. Only the
 * serializer sees this: validation and the OpenAPI document keep the route's schema as declared.
 */
export function nullableScalars(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableScalars);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as Schema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const value = anyOf.find((branch) => !isNull(branch));
    if (isPlainScalar(value)) return { ...rest, ...value, nullable: true };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, part]) => [key, nullableScalars(part)]));
}

/**
 * Fastify's own serializer compiler (fast-json-stringify), given each answer's schema with its
 * nullable scalars as `nullableScalars` writes them. Given to Fastify as `schemaController.compilersFactory`.
 */
export const buildSerializer = ((externalSchemas: unknown, serializerOptions: object) => {
  const selector = SerializerSelector() as unknown as (
    schemas: unknown,
    options: object,
  ) => CompileRouteAnswer;
  const compile = selector(externalSchemas, serializerOptions);
  return (answer: RouteAnswer) => compile({ ...answer, schema: nullableScalars(answer.schema) });
}) as unknown as SerializerFactory;
