import type { CalendarFeedReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

/**
 * GET /calendar/feed-url → the person's secret calendar feed (https and webcal addresses). The server
 * keeps only a hash: the address is given once, and later calls answer 409 `feed_exists` (a new
 * address is then made by rotating). So it is kept for the whole visit and never asked for twice.
 */
export const getCalendarFeed = () => api.get<CalendarFeedReply>('/calendar/feed-url');

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: bookingsKeys.calendarFeed(),
    queryFn: getCalendarFeed,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}
