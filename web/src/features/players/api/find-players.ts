import type { DiscoveryQuery, DiscoveryReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { playersKeys } from './keys';

export type { PlayerCard } from '@linksmate/proto';

/**
 * docs/product.md#community-calls: GET /discovery/members with the filters and a page → `{users, total_count}`. Members
 * without a membership are answered 402, which the app turns into the membership redirect.
 */
export const findPlayers = (query: DiscoveryQuery) =>
  api.get<DiscoveryReply>(`/discovery/members${queryString(query)}`);

export const findPlayersQuery = (query: DiscoveryQuery) =>
  queryOptions({ queryKey: playersKeys.search(query), queryFn: () => findPlayers(query) });

/** The page before stays on screen while the next one loads, so Previous and Next do not flash. */
export function useFindPlayers(query: DiscoveryQuery, enabled: boolean) {
  return useQuery({ ...findPlayersQuery(query), enabled, placeholderData: keepPreviousData });
}
