import { currentUser, type HttpApp } from '@linksmate/platform';
import { ADMIN_SECTION_ROLES, AdminDashboardReply } from '@linksmate/proto';
import type { Dashboard } from './service';

/** The dashboard (docs/product.md#admin-sections "/admin"): every admin role, each seeing the figures theirs may. */
export function registerDashboardRoutes(app: HttpApp, dashboard: Dashboard): void {
  app.get(
    '/admin/dashboard',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.dashboard } },
      schema: { response: { 200: AdminDashboardReply } },
    },
    async (request) => dashboard.figures(currentUser(request)),
  );
}
