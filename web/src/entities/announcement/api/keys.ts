import { sharedQueryRoots } from '../../../lib/query-keys';

/**
 * Under the shared announcements root: the admin who sends one and the members' panel read the same
 * list, and a sent announcement or an `announcement:new` push makes it stale for both.
 */
export const announcementKeys = {
  all: sharedQueryRoots.announcements,
  list: () => [...sharedQueryRoots.announcements, 'list'] as const,
};
