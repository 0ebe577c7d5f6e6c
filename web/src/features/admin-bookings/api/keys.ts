import type { AdminBookingsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared events root: a status change makes an event's seats (and its listings) stale. */
const root = [...sharedQueryRoots.events, 'admin', 'bookings'] as const;

export const adminBookingsKeys = {
  all: root,
  list: (query: Partial<AdminBookingsQuery>) => [...root, 'list', query] as const,
  month: (query: Partial<AdminBookingsQuery>) => [...root, 'month', query] as const,
};
