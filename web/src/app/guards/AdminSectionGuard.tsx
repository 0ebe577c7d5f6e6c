import { type AdminSection, adminLandingSection, mayUseAdminSection } from '@linksmate/proto/rules/admin';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AccessDenied } from '../../components/AccessDenied';
import { chosenInAdminMenu } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { adminSectionPath } from '../layout/admin-sections';

/**
 * A section of the admin area for the roles docs/product.md#admin-sections gives it. Another admin role reaching it by
 * its address reads 'Access Denied'; the server refuses the section's calls the same way. Arriving
 * at /admin, a role that lands elsewhere (spec 3: a coach_admin on bookings, a coach on their
 * coaching venues) is taken there; a coach_admin choosing Dashboard in the sidebar still opens it.
 */
export function AdminSectionGuard({ section, children }: { section: AdminSection; children: ReactNode }) {
  const { role } = useSession();
  const { state } = useLocation();
  const landing = adminLandingSection(role);
  if (section === 'dashboard' && landing !== 'dashboard') {
    if (!mayUseAdminSection(role, 'dashboard') || !chosenInAdminMenu(state))
      return <Navigate to={adminSectionPath(landing)} replace />;
  }
  if (mayUseAdminSection(role, section)) return <>{children}</>;
  return <AccessDenied backTo={adminSectionPath(landing)} backLabel="Back to the admin area" />;
}
