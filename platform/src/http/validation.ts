import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { canonicalIds } from './id-text';
import { storableDates } from './storable-dates';

const SHARED_OPTIONS = { allErrors: true, useDefaults: true, removeAdditional: true } as const;

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];
/** What Fastify hands the compiler for each part of each route. */
interface RoutePart {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type CompileRoutePart = (part: RoutePart) => unknown;

/**
 * Query strings and path parameters arrive as text, so their values are coerced to the schema's
 * types (`?limit=10` is the number 10); an id (proto's IdParam) is judged as the text sent and only
 * then becomes its number (`canonicalIds`). A JSON body already carries its types, and coercing it is
 * wrong: for a nullable field Ajv would turn `null` into `""` or `0` before the handler sees it.
 * Bodies are therefore validated as sent. Given to Fastify as `schemaController.compilersFactory`.
 */
export const buildValidator = validatorFactory({});

/**
 * `buildValidator` without Ajv's check of each schema against the JSON Schema meta-schema (and so
 * without compiling the meta-schema itself, once per Ajv instance): for the embedded run, whose
 * schemas are the very ones every other start and the tests compile with the check.
 */
export const buildValidatorUnchecked = validatorFactory({ validateSchema: false });

function validatorFactory(checks: { validateSchema?: boolean }): ValidatorFactory {
  return ((externalSchemas: unknown, serverOptions: object) => {
    const pool = AjvCompiler() as unknown as (schemas: unknown, options: object) => CompileRoutePart;
    const compilerFor = (coerceTypes: 'array' | false) =>
      pool(externalSchemas, {
        ...serverOptions,
        customOptions: { ...SHARED_OPTIONS, ...checks, coerceTypes },
        onCreate: (ajv: unknown) => {
          storableDates(ajv);
          canonicalIds(ajv);
        },
      });
    const coercing = compilerFor('array');
    const asSent = compilerFor(false);
    return (part: RoutePart) => (part.httpPart === 'body' ? asSent : coercing)(part);
  }) as unknown as ValidatorFactory;
}
