import type { AddUserToEventBody, JoinEventReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** docs/product.md#community-calls: POST /admin/events/{id}/add-user with {user_id, notes}; admin only, a confirmed seat. */
export const addUserToEvent = (eventId: number, body: AddUserToEventBody) =>
  api.post<JoinEventReply>(`/admin/events/${eventId}/add-user`, body);

export function useAddUserToEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserToEventBody) => addUserToEvent(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
