import type { ResultsReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resultsKeys } from './keys';

/** docs/product.md#results: GET /events/{id}/results → the scoring, every player's card and the rankings. */
export const getResults = (eventId: number) => api.get<ResultsReply>(`/events/${eventId}/results`);

export const resultsQuery = (eventId: number) =>
  queryOptions({ queryKey: resultsKeys.byEvent(eventId), queryFn: () => getResults(eventId) });

export const useResults = (eventId: number) => useQuery(resultsQuery(eventId));
