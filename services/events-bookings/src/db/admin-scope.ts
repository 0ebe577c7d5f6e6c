import { eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AdminScope } from '../lib/admin-scope';

/**
 * The admin scope as a condition over a row's venue and coach columns (an event's, a slot's), for
 * every repository that lists or finds what the admin area shows: `true` for site admins, and for
 * a facility or coach admin with nothing of their own, `false`.
 */
export function scopeCondition(scope: AdminScope, columns: { venue: SQLWrapper; coach: SQLWrapper }): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'venues') return scope.ids.length ? inArray(columns.venue, scope.ids) : sql`false`;
  return scope.id === null ? sql`false` : eq(columns.coach, scope.id);
}
