import type { AdminVenuesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminVenuesKeys } from './keys';

export type { AdminVenueListItem } from '@linksmate/proto';

/** docs/product.md#admin-calls, §9: the table asks for at least this many venues at once. */
const TABLE_FETCH_AT_LEAST = 1000;

const page = (limit: number, offset = 0) =>
  api.get<AdminVenuesReply>(`/admin/venues${queryString({ limit, offset })}`);

/**
 * docs/product.md#admin-calls: GET /admin/venues?limit&offset. The table asks for one venue to learn the count, then
 * for all of them at once (at least 1,000), and pages them itself (docs/product.md#admin-limits).
 */
export async function getAllAdminVenues(): Promise<AdminVenuesReply> {
  const { count } = await page(1);
  return page(Math.max(count, TABLE_FETCH_AT_LEAST));
}

export const adminVenuesQuery = () =>
  queryOptions({ queryKey: adminVenuesKeys.table(), queryFn: getAllAdminVenues });

export const useAdminVenues = () => useQuery(adminVenuesQuery());
