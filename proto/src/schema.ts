import Type, { type TSchema } from 'typebox';

/**
 * The atoms every schema of the platform is made of, for events and API alike. Request atoms refuse,
 * with a 400 field error, what the database would otherwise refuse with a 500: a NUL character in
 * text (PostgreSQL cannot store 0x00) and integers beyond the column they are compared with.
 */

/** The largest value of a PostgreSQL `integer` column: every id and amount we store is one. */
export const INT4_MAX = 2_147_483_647;

/**
 * Request text: no NUL (PostgreSQL cannot store 0x00) and no half of a surrogate pair (not Unicode:
 * `encodeURIComponent` throws on it, and PostgreSQL would store U+FFFD instead). Validators read
 * patterns as Unicode (`u`), where a whole pair is one character and passes.
 */
export const REQUEST_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** Request text: well-formed, without NUL, and at most `maxLength` characters (nothing is unbounded). */
export function Text(options: {
  maxLength: number;
  minLength?: number;
  /** An anchored pattern (`^…$`) the text must also match. */
  pattern?: string;
  format?: string;
  description?: string;
  default?: string;
}) {
  const { pattern, ...rest } = options;
  // A schema has one pattern: the text check is folded in as a lookahead.
  return Type.String({
    ...rest,
    pattern: pattern ? `(?=${REQUEST_TEXT_PATTERN})${pattern}` : REQUEST_TEXT_PATTERN,
  });
}

/** An integer that fits a PostgreSQL `integer` column. */
export function Int(
  options: { minimum?: number; maximum?: number; default?: number; description?: string } = {},
) {
  return Type.Integer({ minimum: -INT4_MAX - 1, maximum: INT4_MAX, ...options });
}

/** The id of a stored row (a `serial` column): 1 to INT4_MAX, as a JSON number (in a path or query: IdParam). */
export const Id = Int({ minimum: 1 });
/**
 * An id written as text (a path or query parameter, a form field) means one thing: canonical decimal,
 * once — no sign, no leading zero, no space, no fraction, exponent or hex (`0x10`, `4.0`, `+4`, `4e0`,
 * `04`, ` 4` are not ids) — and within INT4_MAX.
 */
export const ID_TEXT_PATTERN = '^[1-9][0-9]{0,9}$';
const ID_TEXT = new RegExp(ID_TEXT_PATTERN);

/** The id `text` names, or null when it is not one (see ID_TEXT_PATTERN). */
export function idFromText(text: unknown): number | null {
  if (typeof text !== 'string' || !ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

/** What a request that sends something else as an id is told, field by field. */
export const idTextMessage = (field: string) => `${field} must be an id: digits only, 1 to ${INT4_MAX}`;

/**
 * The keyword marking IdParam: the platform's validator checks the text with `idFromText` and hands
 * the route its number. Validation would otherwise coerce an integer parameter first (`Number('0x10')`
 * is 16), so the text is never seen.
 */
export const ID_TEXT_KEYWORD = 'x-id-text';

/**
 * The id in a path or query parameter: the text as sent must be canonical (ID_TEXT_PATTERN, at most
 * INT4_MAX); the route gets the number. Anything else is a 400 on that field.
 */
export const IdParam = Type.Unsafe<number>({
  type: 'string',
  pattern: ID_TEXT_PATTERN,
  [ID_TEXT_KEYWORD]: true,
  description: `An id: digits only, 1 to ${INT4_MAX}`,
});

/** Amounts are integer cents (docs/architecture.md#api-conventions). */
export const Cents = Int({ description: 'Cents' });
/** Monotonic version of an aggregate, so projections never roll back (docs/architecture.md#events). */
export const AggregateVersion = Int({ minimum: 1 });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const NullableString = Nullable(Type.String());
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Nullable(Timestamp);
export const DateOnly = Type.String({ format: 'date' });

export type { Static } from 'typebox';
