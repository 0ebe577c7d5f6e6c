import { describe, expect, it } from 'vitest';
import {
  adminSectionsOf,
  describeRoleChange,
  ROLE_MENU_ORDER,
  ROLE_NAMES,
  roleChangeRefusal,
  roleMenuOptions,
} from '../src/rules/role-changes';
import { ROLES, type Role } from '../src/rules/roles';

const ADMIN = { user_id: 1, role: 'admin' };
const SITE_ADMIN = { user_id: 2, role: 'site_admin' };
const person = (role: Role) => ({ user_id: 50, role });

describe('role changes', () => {
  it('when the menu lists roles, then every role is there once with the spec’s label visible in its name', () => {
    expect([...ROLE_MENU_ORDER].sort()).toEqual([...ROLES].sort());
    expect(ROLE_NAMES.coach).toBe('User (coach)');
    expect(ROLE_NAMES.facility_admin).toBe('Moderator (facility admin)');
    expect(ROLE_NAMES.coach_admin).toBe('Moderator (coach admin)');
  });

  it('when an admin changes someone else, then every role is allowed', () => {
    for (const from of ROLES)
      for (const to of ROLES) expect(roleChangeRefusal(ADMIN, person(from), to), `${from}→${to}`).toBeNull();
  });

  it('when a site admin changes someone, then the admin roles are neither given nor taken and the rest is allowed', () => {
    const siteAdminRoles: Role[] = ['admin', 'site_admin'];
    for (const from of ROLES)
      for (const to of ROLES) {
        const reserved = siteAdminRoles.includes(from) || siteAdminRoles.includes(to);
        expect(roleChangeRefusal(SITE_ADMIN, person(from), to), `${from}→${to}`).toBe(
          reserved ? 'admin_role_reserved' : null,
        );
      }
  });

  it('when anyone changes their own role, or a role without User Management changes any, then it is refused', () => {
    expect(roleChangeRefusal(ADMIN, { user_id: 1, role: 'admin' }, 'member')).toBe('not_yourself');
    expect(roleChangeRefusal(SITE_ADMIN, { user_id: 2, role: 'site_admin' }, 'coach')).toBe('not_yourself');
    for (const role of ['member', 'coach', 'facility_admin', 'coach_admin'])
      expect(roleChangeRefusal({ user_id: 3, role }, person('member'), 'coach')).toBe('not_user_manager');
  });

  it('when the menu is built, then it holds the current role and exactly the allowed changes, in menu order', () => {
    expect(roleMenuOptions(ADMIN, person('coach'))).toEqual(ROLE_MENU_ORDER);
    expect(roleMenuOptions(SITE_ADMIN, person('coach'))).toEqual([
      'member',
      'coach',
      'facility_admin',
      'coach_admin',
    ]);
    expect(roleMenuOptions(SITE_ADMIN, person('admin'))).toEqual(['admin']);
    expect(roleMenuOptions(ADMIN, { user_id: 1, role: 'admin' })).toEqual(['admin']);
  });

  it('when a change is described, then it names the sections of the role it sets and those lost', () => {
    expect(adminSectionsOf('coach_admin')).toEqual([
      'dashboard',
      'coach-venues',
      'availability',
      'bookings',
      'events',
    ]);
    expect(describeRoleChange('coach', 'coach_admin')).toBe(
      "They will have the admin area's Dashboard, Coach Venues, Availability, Bookings and Events.",
    );
    // A coach's part of the admin area is their own coaching venues (spec 3 "My Coaching Venues").
    expect(describeRoleChange('facility_admin', 'coach')).toBe(
      "They will have the admin area's Coach Venues. They lose Dashboard, Venues, Availability, Bookings and Events.",
    );
    expect(describeRoleChange('member', 'coach')).toBe("They will have the admin area's Coach Venues.");
    expect(describeRoleChange('coach', 'member')).toBe(
      'They will have no access to the admin area. They lose Coach Venues.',
    );
  });
});
