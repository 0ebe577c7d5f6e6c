/**
 * What of the admin area's events, bookings and availability slots a caller may see and change
 * (spec 3: facility admins the venues they are assigned to, coach admins their own coaching
 * business, site admins everything). Resolved once per request from the caller's token and this
 * service's projections (`Projections.adminScope`), then applied in the repositories' queries
 * (`scopeCondition` in src/db/admin-scope.ts). Anything outside it is answered as if absent.
 *
 * - `all`: admin and site_admin.
 * - `venues`: a facility admin: events and slots at the venues whose `admin_user_ids` name them.
 * - `coach`: a coach admin: events and slots of the coach profile their account holds (null: none).
 */
export type AdminScope =
  | { kind: 'all' }
  | { kind: 'venues'; ids: number[] }
  | { kind: 'coach'; id: number | null };

/** A row the scope is decided on: an event or an availability slot. */
export interface Scoped {
  venueId: number | null;
  coachProfileId: number | null;
}

/** Whether the scope covers a row with this venue and coach (what a new or changed slot must be). */
export function covers(scope: AdminScope, row: Scoped): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'venues') return row.venueId !== null && scope.ids.includes(row.venueId);
  return scope.id !== null && row.coachProfileId === scope.id;
}
