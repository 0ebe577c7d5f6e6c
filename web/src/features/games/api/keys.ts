import type { MyGamesQuery } from '@linksmate/proto';

const root = ['games'] as const;

/** Create Game's and My Created Games' query keys; a push about join requests makes the lists stale. */
export const gamesKeys = {
  all: root,
  mine: (query: MyGamesQuery) => [...root, 'mine', query] as const,
  joinRequests: (gameId: number) => [...root, 'join-requests', gameId] as const,
};
