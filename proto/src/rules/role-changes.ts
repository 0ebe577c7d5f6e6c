import {
  ADMIN_MESSAGES,
  ADMIN_SECTION_ROLES,
  ADMIN_SECTIONS,
  type AdminSection,
  mayUseAdminSection,
} from './admin';
import { PRODUCT_NAME } from './product';
import { isSiteAdminRole, type Role } from './roles';

/**
 * Who may change whose role to what (docs/product.md#admin-sections User Management, issue 23 item 9). One rule, read by
 * the admin service before it asks identity, by identity under the person's lock, and by the web to
 * offer only what the server will do:
 *
 * - only those who may use User Management (admin, site_admin) change roles;
 * - nobody changes their own role;
 * - only an admin gives or takes the admin roles (admin, site_admin).
 *
 * identity also keeps the platform's last admin (409), which depends on everyone else's roles and so
 * is not part of this rule.
 */

/** Every role, in the order the role menu lists them (user, moderator, admin labels in turn). */
export const ROLE_MENU_ORDER = [
  'member',
  'coach',
  'facility_admin',
  'coach_admin',
  'site_admin',
  'admin',
] as const satisfies readonly Role[];

/** The role as the admin area names it: the spec's label first, our role beside it. */
export const ROLE_NAMES: Record<Role, string> = {
  member: 'User (member)',
  coach: 'User (coach)',
  facility_admin: 'Moderator (facility admin)',
  coach_admin: 'Moderator (coach admin)',
  site_admin: 'Admin (site admin)',
  admin: 'Admin',
};

/** The admin area's sections as its sidebar names them. */
export const ADMIN_SECTION_NAMES: Record<AdminSection, string> = {
  dashboard: 'Dashboard',
  venues: 'Venues',
  coaches: 'Coaches',
  'coach-venues': 'Coach Venues',
  'profile-claims': 'Profile Claims',
  availability: 'Availability',
  bookings: 'Bookings',
  events: 'Events',
  'create-event': `Create ${PRODUCT_NAME} Event`,
  announcements: 'Announcements',
  transactions: 'Transactions',
  users: 'User Management',
};

/** The sections of the admin area a role may use (ADMIN_SECTION_ROLES), in the sidebar's order. */
export function adminSectionsOf(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => (ADMIN_SECTION_ROLES[section] as readonly Role[]).includes(role));
}

export type RoleChangeRefusal = 'not_user_manager' | 'not_yourself' | 'admin_role_reserved';

/** How the server answers each refusal: its status, words and code. */
export const ROLE_CHANGE_REFUSALS: Record<
  RoleChangeRefusal,
  { status: 403 | 409; message: string; code: string }
> = {
  not_user_manager: {
    status: 403,
    message: 'Only an admin or a site admin can change roles.',
    code: 'role_change_forbidden',
  },
  // As identity answers every action on one's own account.
  not_yourself: { status: 409, message: ADMIN_MESSAGES.notYourself, code: 'not_yourself' },
  admin_role_reserved: {
    status: 403,
    message: ADMIN_MESSAGES.onlyAdminGivesAdmin,
    code: 'admin_role_reserved',
  },
};

export interface RoleChangeActor {
  user_id: number;
  role: string;
}
export interface RoleChangeTarget {
  user_id: number;
  role: Role;
}

/** Why the actor may not make the target's role `to`, or null when they may. */
export function roleChangeRefusal(
  actor: RoleChangeActor,
  target: RoleChangeTarget,
  to: Role,
): RoleChangeRefusal | null {
  if (!mayUseAdminSection(actor.role, 'users')) return 'not_user_manager';
  if (actor.user_id === target.user_id) return 'not_yourself';
  if ((isSiteAdminRole(target.role) || isSiteAdminRole(to)) && actor.role !== 'admin')
    return 'admin_role_reserved';
  return null;
}

/**
 * The roles the role menu offers for the target: their own (what it shows) and every role the actor
 * may change it to. Only their own means the menu has nothing to offer.
 */
export function roleMenuOptions(actor: RoleChangeActor, target: RoleChangeTarget): Role[] {
  return ROLE_MENU_ORDER.filter(
    (role) => role === target.role || roleChangeRefusal(actor, target, role) === null,
  );
}

/** What a change will really do, in words for the confirmation (the role set and its admin sections). */
export function describeRoleChange(from: Role, to: Role): string {
  const sections = adminSectionsOf(to).map((section) => ADMIN_SECTION_NAMES[section]);
  const access = sections.length
    ? `They will have the admin area's ${listOf(sections)}.`
    : 'They will have no access to the admin area.';
  const lost = adminSectionsOf(from)
    .filter((section) => !adminSectionsOf(to).includes(section))
    .map((section) => ADMIN_SECTION_NAMES[section]);
  return `${access}${lost.length ? ` They lose ${listOf(lost)}.` : ''}`;
}

function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
