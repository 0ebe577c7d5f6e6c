interface FormatsHolder {
  formats: Record<string, unknown>;
  addFormat(name: string, format: { validate: (value: string) => boolean }): unknown;
}

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Ajv's own check of a format, whichever way it was given (function, pattern or definition). */
function checkOf(format: unknown): (value: string) => boolean {
  if (typeof format === 'function') return format as (value: string) => boolean;
  if (format instanceof RegExp) return (value) => format.test(value);
  const validate = (format as { validate?: unknown } | undefined)?.validate;
  if (typeof validate === 'function') return validate as (value: string) => boolean;
  if (validate instanceof RegExp) return (value) => validate.test(value);
  return () => true;
}

/**
 * `date` and `date-time` accept what PostgreSQL can store and JavaScript can write back: years 0001
 * to 9999. Ajv's formats allow the year 0000, which PostgreSQL has not (`dateTo=0000-01-01` was a
 * 500). Given to Fastify's Ajv as `onCreate`.
 */
export function storableDates(ajv: unknown): void {
  const formats = ajv as FormatsHolder;
  const date = checkOf(formats.formats.date);
  formats.addFormat('date', { validate: (value) => date(value) && !value.startsWith('0000') });
  const dateTime = checkOf(formats.formats['date-time']);
  formats.addFormat('date-time', {
    validate: (value) => {
      if (!dateTime(value)) return false;
      const instant = Date.parse(value);
      return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
    },
  });
}
