import type { AdminEventsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared events root: adding someone changes the event's seats everywhere it is listed. */
const root = [...sharedQueryRoots.events, 'admin', 'events'] as const;

export const adminEventsKeys = {
  all: root,
  list: (query: Partial<AdminEventsQuery>) => [...root, 'list', query] as const,
  month: (query: Partial<AdminEventsQuery>) => [...root, 'month', query] as const,
  /** The people the add-user picker offers, by what was typed. */
  users: (search: string) => ['admin', 'users', 'picker', search] as const,
};
