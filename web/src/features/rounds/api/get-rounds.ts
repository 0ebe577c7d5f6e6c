import type { RoundsQuery, RoundsReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: GET /rounds?limit&offset → the own rounds, newest first, and their total. */
export const getRounds = (query: RoundsQuery) => api.get<RoundsReply>(`/rounds${queryString(query)}`);

export const roundsQuery = (query: RoundsQuery) =>
  queryOptions({ queryKey: roundsKeys.list(query), queryFn: () => getRounds(query) });

/** The page before stays while the next loads. */
export const useRounds = (query: RoundsQuery) =>
  useQuery({ ...roundsQuery(query), placeholderData: keepPreviousData });
