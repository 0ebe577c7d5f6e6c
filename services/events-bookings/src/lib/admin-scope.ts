/**
 * What of the admin area's events, bookings and availability slots a caller may see and change: the
 * shared rule (proto `AdminScope`), resolved once per request from the caller's token and this
 * service's projections (`Projections.adminScope`), then applied in the repositories' queries
 * (`scopeCondition` in src/db/admin-scope.ts). Anything outside it is answered as if absent.
 */
export type { AdminScope, AdminScoped as Scoped } from '@linksmate/proto';
export { scopeCovers as covers } from '@linksmate/proto';
