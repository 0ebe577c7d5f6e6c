import type { JoinEventBody, JoinEventReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/**
 * docs/product.md#community-calls: POST /events/{id}/join with optional notes. A member game answers with a pending
 * request, an open official event with a confirmed seat; a member without a membership gets 402.
 */
export const joinEvent = (eventId: number, body: JoinEventBody) =>
  api.post<JoinEventReply>(`/events/${eventId}/join`, body);

export function useJoinEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinEventBody) => joinEvent(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
