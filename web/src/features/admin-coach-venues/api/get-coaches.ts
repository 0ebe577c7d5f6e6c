import type { AdminCoachesQuery, AdminCoachesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { coachVenuesKeys } from './keys';

/** docs/product.md#admin-calls: GET /admin/coaches?limit&offset, the site admins' coach list on this page. */
export const getCoaches = (query: AdminCoachesQuery) =>
  api.get<AdminCoachesReply>(`/admin/coaches${queryString(query)}`);

export const coachesQuery = (query: AdminCoachesQuery) =>
  queryOptions({
    queryKey: coachVenuesKeys.coaches(query),
    queryFn: () => getCoaches(query),
    placeholderData: keepPreviousData,
  });

export const useCoaches = (query: AdminCoachesQuery, enabled = true) =>
  useQuery({ ...coachesQuery(query), enabled });
