import type { Event, UpdateEventBody } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** docs/product.md#community-calls: PUT /events/{id} with the changed fields only; creator or admin. */
export const updateEvent = (eventId: number, body: UpdateEventBody) =>
  api.put<Event>(`/events/${eventId}`, body);

export function useUpdateEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody) => updateEvent(eventId, body),
    onSuccess: (event) => {
      queryClient.setQueryData(eventsKeys.byId(eventId), event);
      return queryClient.invalidateQueries({ queryKey: eventsKeys.all });
    },
  });
}
