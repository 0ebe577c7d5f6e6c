import type { CalendarFeedReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookingsKeys } from './keys';

/** POST /calendar/feed-url/rotate: a new secret address; the old one stops working. */
export const rotateCalendarFeed = () => api.post<CalendarFeedReply>('/calendar/feed-url/rotate');

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (feed) => {
      // The new address replaces the old one, or the 'already made' answer (the query turns successful).
      queryClient.setQueryData(bookingsKeys.calendarFeed(), feed);
    },
  });
}
