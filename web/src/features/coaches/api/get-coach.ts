import type { CoachReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coachesKeys } from './keys';

/** docs/product.md#community-calls: GET /coaches/{id} → `{coach}`; public. A coach that does not exist answers 404. */
export const getCoach = (coachId: number) => api.get<CoachReply>(`/coaches/${coachId}`, { auth: false });

export const coachQuery = (coachId: number) =>
  queryOptions({ queryKey: coachesKeys.detail(coachId), queryFn: () => getCoach(coachId) });

/** `null` (an address that names no coach) asks nothing. */
export function useCoach(coachId: number | null) {
  return useQuery({ ...coachQuery(coachId ?? 0), enabled: coachId !== null });
}
