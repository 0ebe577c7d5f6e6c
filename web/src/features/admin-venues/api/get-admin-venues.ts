import type { AdminVenuesReply } from '@linksmate/proto';
import { MAX_LIST_LIMIT } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminVenuesKeys } from './keys';

export type { AdminVenueListItem } from '@linksmate/proto';

const page = (limit: number, offset = 0) =>
  api.get<AdminVenuesReply>(`/admin/venues${queryString({ limit, offset })}`);

/**
 * Spec 3 §7: GET /admin/venues?limit&offset. The table asks for one venue to learn the count, then
 * for all of them at once (at least 1,000), and pages them itself (spec 3 §9).
 */
export async function getAllAdminVenues(): Promise<AdminVenuesReply> {
  const { count } = await page(1);
  return page(Math.max(count, MAX_LIST_LIMIT));
}

export const adminVenuesQuery = () =>
  queryOptions({ queryKey: adminVenuesKeys.table(), queryFn: getAllAdminVenues });

export const useAdminVenues = () => useQuery(adminVenuesQuery());
