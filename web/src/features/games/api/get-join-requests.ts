import type { JoinRequestsReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gamesKeys } from './keys';

export type { JoinRequest } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /member-games/{gameId}/join-requests → the requests waiting on the creator. */
export const getJoinRequests = (gameId: number) =>
  api.get<JoinRequestsReply>(`/member-games/${gameId}/join-requests`);

export const joinRequestsQuery = (gameId: number) =>
  queryOptions({ queryKey: gamesKeys.joinRequests(gameId), queryFn: () => getJoinRequests(gameId) });

export function useJoinRequests(gameId: number) {
  return useQuery(joinRequestsQuery(gameId));
}
