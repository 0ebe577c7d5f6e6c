import type { CoachReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coachKeys } from './keys';

export type { Coach } from '@linksmate/proto';

/**
 * docs/product.md#community-calls: GET /coaches/{id} → `{coach}`; public. A coach that does not exist
 * answers 404. The coach's page shows it, and the claim screen says whose profile is being claimed.
 */
export const getCoach = (coachId: number) => api.get<CoachReply>(`/coaches/${coachId}`, { auth: false });

export const coachQuery = (coachId: number) =>
  queryOptions({ queryKey: coachKeys.detail(coachId), queryFn: () => getCoach(coachId) });

/** `null` (an address that names no coach) asks nothing. */
export function useCoach(coachId: number | null) {
  return useQuery({ ...coachQuery(coachId ?? 0), enabled: coachId !== null });
}
