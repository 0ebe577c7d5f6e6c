/**
 * What PostgreSQL said when a statement failed. drizzle wraps the driver's error (its `cause`), so
 * both are looked at.
 */
export function databaseErrorOf(err: unknown): { code?: string; constraint?: string } {
  const outer = err as { code?: string; constraint?: string; cause?: unknown } | null;
  if (outer?.code) return outer;
  const cause = outer?.cause as { code?: string; constraint?: string } | undefined;
  return cause ?? {};
}

/** Whether the statement broke the named unique index (any unique index when none is named). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const { code, constraint: broken } = databaseErrorOf(err);
  return code === '23505' && (!constraint || broken === constraint);
}

/** Whether the statement referred to a row that is not there (a foreign key). */
export function isForeignKeyViolation(err: unknown): boolean {
  return databaseErrorOf(err).code === '23503';
}
