import type { MyBookingsQuery } from '@linksmate/proto';

const root = ['bookings'] as const;

/** My Bookings' query keys; a push about the person's bookings makes all of them stale. */
export const bookingsKeys = {
  all: root,
  mine: (query: MyBookingsQuery) => [...root, 'mine', query] as const,
  /** Every list of the person's bookings, whatever its filter and page. */
  allMine: () => [...root, 'mine'] as const,
  calendarFeed: () => [...root, 'calendar-feed'] as const,
};
