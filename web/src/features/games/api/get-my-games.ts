import type { MyGamesQuery, MyGamesReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { gamesKeys } from './keys';

export type { MyGame } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /member-games/my-created with limit, offset → the caller's games, newest first. */
export const getMyGames = (query: MyGamesQuery) =>
  api.get<MyGamesReply>(`/member-games/my-created${queryString(query)}`);

export const myGamesQuery = (query: MyGamesQuery) =>
  queryOptions({ queryKey: gamesKeys.mine(query), queryFn: () => getMyGames(query) });

export function useMyGames(query: MyGamesQuery) {
  return useQuery({ ...myGamesQuery(query), placeholderData: keepPreviousData });
}
