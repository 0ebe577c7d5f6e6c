import { ID_TEXT_PATTERN, INT4_MAX } from '@linksmate/proto';
import fc from 'fast-check';
import type { Schema } from './openapi';

/**
 * Values for the fuzz tier, derived from the JSON schemas the API documents: a value each schema
 * accepts (so the one field under attack is what the server judges), and values that break the
 * schema's rules or sit at its edges.
 */

const SAMPLE_DATE = '2026-06-01';

/** The branches of a union (TypeBox's Nullable, optional unions), nulls last. */
function branches(schema: Schema): Schema[] {
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!union) return [schema];
  const isNull = (s: Schema) => (s.type as string) === 'null';
  return [...union].sort((a, b) => Number(isNull(a)) - Number(isNull(b)));
}

/** A value the schema accepts. */
export function validValue(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf || schema.oneOf) return validValue(branches(schema)[0]!);
  switch (schema.type) {
    case 'string':
      if (schema.pattern === ID_TEXT_PATTERN) return '1';
      if (schema.format === 'date') return SAMPLE_DATE;
      if (schema.format === 'date-time') return `${SAMPLE_DATE}T10:00:00.000Z`;
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? 10_000);
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue((schema.items ?? {}) as Schema));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          validValue(property as Schema),
        ]),
      );
    default:
      return 'fuzz';
  }
}

/** What breaks anything: wrong types, database-hostile text, numbers beyond every column. */
const ANYWHERE: unknown[] = [
  null,
  true,
  '',
  ' ',
  '\u0000',
  'fuzz@example.com\u0000',
  'a\u0000b',
  '%00',
  '\u202e\u0301',
  '😀',
  '\ud800',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x7fffffff',
  '99999999999999999999',
  '-99999999999999999999',
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  Number.MAX_SAFE_INTEGER + 2,
  1e20,
  -1e20,
  1e308,
  0.5,
  -1,
  0,
  [],
  [null],
  {},
  { $ne: 1 },
  "'; drop table users; --",
  'x'.repeat(100_000),
];

/** Text that is not Unicode (half a surrogate pair): JSON can carry it, a database cannot store it. */
const BROKEN_TEXT = ['\ud800', 'a\udfffb'];
/** Ids spelled every way but canonical decimal (issue 23): each must be a 400, never 16 or 4. */
const ID_SPELLINGS = ['0x10', '4.0', '+4', '4e0', '04', ' 4', '2147483648', '-1', '0'];
/** Links that are not web links (proto's isWebLink): each must be a 422 naming its field, never stored. */
export const HOSTILE_LINKS = [
  'javascript:alert(1)',
  'data:text/html,x',
  'file:///etc/passwd',
  '/relative',
  'http://',
  'https:///x',
];
const HOSTILE_DATES = ['0000-01-01', '0000-06-01T10:00:00Z', '10000-01-01', '2026-02-30', 'yesterday'];

/**
 * Every edge value worth trying on a field of this schema, each once: what breaks anything, and the
 * values just inside and just past its own bounds.
 */
export function edgeConstants(schema: Schema): unknown[] {
  const values = [...ANYWHERE, ...BROKEN_TEXT];
  for (const branch of branches(schema)) {
    if (branch.type === 'integer' || branch.type === 'number') {
      const min = branch.minimum ?? -INT4_MAX - 1;
      const max = branch.maximum ?? INT4_MAX;
      values.push(min, max, min - 1, max + 1, String(max + 1), '1e400', '-Infinity', ...ID_SPELLINGS);
    }
    if (branch.type === 'string') {
      const max = branch.maxLength ?? 300;
      if (branch.pattern === ID_TEXT_PATTERN) values.push(...ID_SPELLINGS);
      values.push('x'.repeat(max), 'x'.repeat(max + 1), `${'x'.repeat(Math.max(0, max - 1))}\u0000`);
      values.push(...HOSTILE_LINKS);
      if (branch.format) values.push(...HOSTILE_DATES);
    }
  }
  return values;
}

/** Values at and past the edges of what the schema allows. */
function edgesOf(schema: Schema): fc.Arbitrary<unknown>[] {
  const edges: fc.Arbitrary<unknown>[] = [];
  for (const branch of branches(schema)) {
    if (branch.type === 'integer' || branch.type === 'number') {
      const min = branch.minimum ?? -INT4_MAX - 1;
      const max = branch.maximum ?? INT4_MAX;
      edges.push(
        fc.constantFrom(min, max, min - 1, max + 1, ...ID_SPELLINGS),
        fc.integer(),
        fc.double({ noDefaultInfinity: true }),
      );
    }
    if (branch.type === 'string') {
      const max = branch.maxLength ?? 300;
      if (branch.pattern === ID_TEXT_PATTERN) edges.push(fc.constantFrom(...ID_SPELLINGS));
      edges.push(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme', minLength: max, maxLength: max + 3 }),
        fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000${s}`),
        fc.constantFrom(...HOSTILE_LINKS),
      );
      if (branch.format)
        edges.push(fc.constantFrom('2026-02-30', '0000-00-00', '2026-06-01T25:61:00Z', 'yesterday'));
    }
    if (branch.type === 'array') edges.push(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 600 }));
    if (branch.type === 'object') edges.push(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })));
  }
  return edges;
}

/** A value meant to break the schema: its edges, something of another kind, or anything at all. */
export function hostileValue(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constantFrom(...ANYWHERE), ...edgesOf(schema), fc.jsonValue({ maxDepth: 3 }));
}

/** Bodies that are not what any JSON route expects. */
export const HOSTILE_RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '\u0000',
  'a=b&c=d',
  '{"__proto__":{"x":1}}',
];
