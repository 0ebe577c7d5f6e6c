import type { CoachesQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

const root = sharedQueryRoots.coaches;

/** The public coach list's query keys (a coach's page reads the shared entities/coaches). */
export const coachesKeys = {
  all: root,
  list: (query: CoachesQuery) => [...root, 'list', query] as const,
};
