import type { RoundsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

const root = sharedQueryRoots.rounds;

/** Rounds and the handicap: recording or deciding one makes all of them stale at once (the root). */
export const roundsKeys = {
  all: root,
  list: (query: RoundsQuery) => [...root, 'list', query] as const,
  round: (id: number) => [...root, 'round', id] as const,
  toConfirm: () => [...root, 'to-confirm'] as const,
  handicap: () => [...root, 'handicap'] as const,
  partners: (search: string) => [...root, 'partners', search] as const,
};
