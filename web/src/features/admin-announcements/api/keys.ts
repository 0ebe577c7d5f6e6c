import { sharedQueryRoots } from '../../../lib/query-keys';

/**
 * Under the shared announcements root: sending one makes this list stale and the members' panel
 * (messaging's) too, without either feature importing the other's keys.
 */
export const adminAnnouncementsKeys = {
  all: sharedQueryRoots.announcements,
  list: () => [...sharedQueryRoots.announcements, 'admin'] as const,
};
