import type { CoachVenuesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { coachVenuesKeys } from './keys';

/** docs/product.md#admin-calls: GET /admin/coaches/{id}/venues returns the coach's venue links. */
export const getCoachVenues = (coachId: number) =>
  api.get<CoachVenuesReply>(`/admin/coaches/${coachId}/venues`);

export const coachVenuesQuery = (coachId: number) =>
  queryOptions({ queryKey: coachVenuesKeys.venues(coachId), queryFn: () => getCoachVenues(coachId) });

export const useCoachVenues = (coachId: number) => useQuery(coachVenuesQuery(coachId));
