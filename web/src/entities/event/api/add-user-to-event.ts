import type { AddUserToEventBody, JoinEventReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** docs/product.md#admin-calls: POST /admin/events/{id}/add-user with {user_id, notes}: a confirmed seat. */
export const addUserToEvent = ({ eventId, ...body }: { eventId: number } & AddUserToEventBody) =>
  api.post<JoinEventReply>(`/admin/events/${eventId}/add-user`, body);

/**
 * A seat given changes the event's count and its bookings wherever they show: Event Listings and the
 * event's page, the admin's events table and calendar, and the bookings list all live under the
 * shared events root, so that one root is read again. The person added learns of it by their own
 * `booking:confirmed` push, which reads their My Bookings again.
 */
export function useAddUserToEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserToEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.events }),
  });
}
