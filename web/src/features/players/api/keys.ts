import type { DiscoveryQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

// Under the shared root of golfer lists: a block or a profile change elsewhere reads them again.
const root = [...sharedQueryRoots.people, 'discovery'] as const;

/** Player discovery's query keys. */
export const playersKeys = {
  all: root,
  search: (query: DiscoveryQuery) => [...root, query] as const,
};
