/**
 * Whether a statement broke a unique constraint (SQLSTATE 23505), optionally the named one. drizzle
 * wraps the driver's error in its own (`DrizzleQueryError`, the driver's error as `cause`), so the
 * code is looked for on the error and on what caused it.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const {
      code,
      constraint: broken,
      cause,
    } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return constraint === undefined || broken === constraint;
    e = cause;
  }
  return false;
}
