import type { CoachesQuery } from '@linksmate/proto';

const root = ['coaches'] as const;

/** The coach list's and coach detail's query keys. */
export const coachesKeys = {
  all: root,
  list: (query: CoachesQuery) => [...root, 'list', query] as const,
  detail: (coachId: number) => [...root, 'detail', coachId] as const,
};
