import type { AdminCoachesQuery, AdminCoachesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { coachKeys } from './keys';

/**
 * docs/product.md#admin-calls: GET /admin/coaches?limit&offset → coaches and count (the server pages), the
 * site admins' list: the Coaches table, the coach venues page's list and the new event's coach picker.
 */
export const getAdminCoaches = (query: AdminCoachesQuery) =>
  api.get<AdminCoachesReply>(`/admin/coaches${queryString(query)}`);

export const adminCoachesQuery = (query: AdminCoachesQuery) =>
  queryOptions({
    queryKey: coachKeys.adminList(query),
    queryFn: () => getAdminCoaches(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAdminCoaches = (query: AdminCoachesQuery, enabled = true) =>
  useQuery({ ...adminCoachesQuery(query), enabled });
