import type { AdminEventsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared events root: a seat given or a booking changed makes this table stale too. */
const root = [...sharedQueryRoots.events, 'admin', 'events'] as const;

export const adminEventsKeys = {
  all: root,
  list: (query: Partial<AdminEventsQuery>) => [...root, 'list', query] as const,
  month: (query: Partial<AdminEventsQuery>) => [...root, 'month', query] as const,
};
