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
