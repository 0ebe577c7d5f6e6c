import type { AdminDashboardReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminDashboardKeys } from './keys';

export type {
  AdminDashboardReply,
  DashboardActivity,
  DashboardMembers,
  DashboardRevenue,
} from '@linksmate/proto';

/**
 * GET /admin/dashboard: this month's events and bookings for every admin role; the members' and
 * revenue figures too for admin and site_admin (the server leaves them out for the others).
 */
export const getDashboard = () => api.get<AdminDashboardReply>('/admin/dashboard');

export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminDashboardKeys.figures(),
    queryFn: getDashboard,
    // Figures move slowly: a minute old is fresh enough (the page's Refresh asks at once).
    staleTime: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQuery());
