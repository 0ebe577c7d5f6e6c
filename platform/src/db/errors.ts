/**
 * What PostgreSQL said when a statement failed: its SQLSTATE and constraint. drizzle wraps the
 * driver's error in its own (`DrizzleQueryError`, the driver's error as `cause`), so the code is
 * looked for on the error and on what caused it.
 */
function databaseErrorOf(err: unknown): { code?: string; constraint?: string } {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string')
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    e = cause;
  }
  return {};
}

/** Whether a statement broke a unique constraint (SQLSTATE 23505), optionally the named one. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const { code, constraint: broken } = databaseErrorOf(err);
  return code === '23505' && (constraint === undefined || broken === constraint);
}

/** Whether a statement referred to a row that is not there (a foreign key, SQLSTATE 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return databaseErrorOf(err).code === '23503';
}

/** Socket failures reaching PostgreSQL (the driver's `code`): the server is down or unreachable. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * What node-postgres says, without a code, when the connection went away under a query or a
 * connect, and pg-pool when no connection could be had in time.
 */
const LOST =
  /^Connection terminated|^timeout exceeded when trying to connect|connection error and is not queryable|^Client was closed and is not queryable/;

/**
 * Whether a statement failed because the database is not there (stopped, restarting, unreachable)
 * rather than because of the statement: SQLSTATE class 08 (connection exception), 57P01–57P03
 * (shut down, crashed, not accepting connections yet), a socket failure, or the connection lost.
 * The request can succeed later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || /^57P0[123]$/.test(code) || UNREACHABLE.has(code))
    )
      return true;
    if (typeof message === 'string' && LOST.test(message)) return true;
    e = cause;
  }
  return false;
}
