import type { CalendarFeedReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

/**
 * GET /calendar/feed-url → the person's secret calendar feed (https and webcal addresses), the same
 * on every call until the person resets it.
 */
export const getCalendarFeed = () => api.get<CalendarFeedReply>('/calendar/feed-url');

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: bookingsKeys.calendarFeed(),
    queryFn: getCalendarFeed,
    staleTime: Infinity,
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}
