import type { CoachReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { claimProfileKeys } from './keys';

export type { Coach } from '@linksmate/proto';

/** docs/product.md#community-calls "Claim profile": GET /coaches/{id} shows whose profile is being claimed; public. */
export const getCoachSummary = (coachId: number) =>
  api.get<CoachReply>(`/coaches/${coachId}`, { auth: false });

export const coachSummaryQuery = (coachId: number) =>
  queryOptions({ queryKey: claimProfileKeys.coach(coachId), queryFn: () => getCoachSummary(coachId) });

/** `null` asks nothing (the address names a venue, or no valid id). */
export function useCoachSummary(coachId: number | null) {
  return useQuery({ ...coachSummaryQuery(coachId ?? 0), enabled: coachId !== null });
}
