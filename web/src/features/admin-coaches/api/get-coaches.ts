import type { AdminCoachesQuery, AdminCoachesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminCoachesKeys } from './keys';

/** docs/product.md#admin-calls: GET /admin/coaches?limit&offset returns coaches and count (the server pages). */
export const getCoaches = (query: AdminCoachesQuery) =>
  api.get<AdminCoachesReply>(`/admin/coaches${queryString(query)}`);

export const coachesQuery = (query: AdminCoachesQuery) =>
  queryOptions({
    queryKey: adminCoachesKeys.list(query),
    queryFn: () => getCoaches(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCoaches = (query: AdminCoachesQuery) => useQuery(coachesQuery(query));
