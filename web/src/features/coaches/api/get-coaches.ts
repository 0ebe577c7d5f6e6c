import type { CoachesQuery, CoachesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { coachesKeys } from './keys';

export type { Coach } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /coaches with limit and offset → `{coaches, total}`; public, no token needed. */
export const getCoaches = (query: CoachesQuery) =>
  api.get<CoachesReply>(`/coaches${queryString(query)}`, { auth: false });

export const coachesQuery = (query: CoachesQuery) =>
  queryOptions({ queryKey: coachesKeys.list(query), queryFn: () => getCoaches(query) });

/** The page before stays on screen while the next one loads, so Previous and Next do not flash. */
export function useCoaches(query: CoachesQuery) {
  return useQuery({ ...coachesQuery(query), placeholderData: keepPreviousData });
}
