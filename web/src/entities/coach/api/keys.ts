import type { AdminCoachesQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

/**
 * Under the shared coaches root: a coach added, changed or given venues in the admin area makes the
 * admin lists and the public coach pages stale together.
 */
export const coachKeys = {
  /** The public coach page's key, which the coaches feature's list shares its root with. */
  detail: (coachId: number) => [...sharedQueryRoots.coaches, 'detail', coachId] as const,
  adminList: (query: AdminCoachesQuery) => [...sharedQueryRoots.coaches, 'admin', 'list', query] as const,
};
