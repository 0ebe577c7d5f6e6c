import type { AdminVenueReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminVenuesKeys } from './keys';

export type { AdminVenue, VenueMedia } from '@linksmate/proto';

/** docs/product.md#admin-calls: GET /admin/venues/{id} → `{venue}` (commercials and blockers for site admins only). */
export const getAdminVenue = (venueId: number) => api.get<AdminVenueReply>(`/admin/venues/${venueId}`);

export const adminVenueQuery = (venueId: number) =>
  queryOptions({ queryKey: adminVenuesKeys.detail(venueId), queryFn: () => getAdminVenue(venueId) });

export const useAdminVenue = (venueId: number, enabled = true) =>
  useQuery({ ...adminVenueQuery(venueId), enabled });
