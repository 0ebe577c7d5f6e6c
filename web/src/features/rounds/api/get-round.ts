import type { RoundReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: GET /rounds/{id} → one of the own rounds with its card (404 for another's). */
export const getRound = (id: number) => api.get<RoundReply>(`/rounds/${id}`);

export const roundQuery = (id: number) =>
  queryOptions({ queryKey: roundsKeys.round(id), queryFn: () => getRound(id) });

export const useRound = (id: number) => useQuery(roundQuery(id));
