import Type, { type TSchema } from 'typebox';

/**
 * Inputs may send an optional value plainly or wrapped as `{Valid, value}` (or the Go-style
 * `{Valid, String|Int32|Int64|Float64|Bool|RawMessage}`) as the spec's clients do for coaches and
 * venues (docs/architecture.md#api-conventions). Outputs always use plain values.
 */
export const Wrappable = <T extends TSchema>(schema: T) =>
  Type.Union([
    schema,
    Type.Null(),
    Type.Object(
      {
        Valid: Type.Boolean(),
        value: Type.Optional(Type.Union([schema, Type.Null()])),
        String: Type.Optional(schema),
        Int32: Type.Optional(schema),
        Int64: Type.Optional(schema),
        Float64: Type.Optional(schema),
        Bool: Type.Optional(schema),
        RawMessage: Type.Optional(schema),
      },
      { additionalProperties: false },
    ),
  ]);

type WrappedForm<T> = {
  Valid: boolean;
  value?: T | null;
  String?: T;
  Int32?: T;
  Int64?: T;
  Float64?: T;
  Bool?: T;
  RawMessage?: T;
};

function isWrapped<T>(value: unknown): value is WrappedForm<T> {
  return typeof value === 'object' && value !== null && 'Valid' in value;
}

/** The plain value of a wrappable input: an invalid or empty wrapper counts as null, absent stays absent. */
export function unwrap<T>(input: T | null | WrappedForm<T> | undefined): T | null | undefined {
  if (input === undefined) return undefined;
  if (!isWrapped<T>(input)) return input as T | null;
  if (!input.Valid) return null;
  const inner =
    input.value ??
    input.String ??
    input.Int32 ??
    input.Int64 ??
    input.Float64 ??
    input.Bool ??
    input.RawMessage;
  return inner ?? null;
}
