/** Roles (docs/product.md#roles, docs/product.md#admin-roles). */

export const ROLES = ['member', 'coach', 'coach_admin', 'admin', 'site_admin', 'facility_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = [
  'admin',
  'site_admin',
  'facility_admin',
  'coach_admin',
] as const satisfies readonly Role[];
export const SITE_ADMIN_ROLES = ['admin', 'site_admin'] as const satisfies readonly Role[];
export const COACH_ROLES = ['coach', 'coach_admin'] as const satisfies readonly Role[];
export const DEFAULT_ROLE: Role = 'member';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
export function isAdminRole(role: string | null | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}
export function isSiteAdminRole(role: string | null | undefined): boolean {
  return !!role && (SITE_ADMIN_ROLES as readonly string[]).includes(role);
}
export function isCoachRole(role: string | null | undefined): boolean {
  return !!role && (COACH_ROLES as readonly string[]).includes(role);
}

/**
 * The admin user list speaks of user / moderator / admin (spec 3). This is the one place that maps
 * those labels onto our roles: site admins are "admin", the scoped admin roles are "moderator",
 * everyone else is "user".
 */
export const ADMIN_ROLE_LABELS = ['user', 'moderator', 'admin'] as const;
export type AdminRoleLabel = (typeof ADMIN_ROLE_LABELS)[number];
export function roleLabel(role: Role): AdminRoleLabel {
  if (role === 'admin' || role === 'site_admin') return 'admin';
  if (role === 'facility_admin' || role === 'coach_admin') return 'moderator';
  return 'user';
}
/** The role a label selects when an admin changes it inline (spec 3 user management). */
export const ROLE_FOR_LABEL: Record<AdminRoleLabel, Role> = {
  user: 'member',
  moderator: 'facility_admin',
  admin: 'admin',
};
/** Our roles a label stands for (the user list's role filter). */
export function rolesWithLabel(label: AdminRoleLabel): Role[] {
  return ROLES.filter((role) => roleLabel(role) === label);
}
