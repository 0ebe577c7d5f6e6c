import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** Spec 2 §7: DELETE /events/{id}; creator or admin. */
export const deleteEvent = (eventId: number) => api.delete<unknown>(`/events/${eventId}`);

export function useDeleteEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEvent(eventId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: eventsKeys.byId(eventId) });
      return queryClient.invalidateQueries({ queryKey: [...eventsKeys.all, 'list'] });
    },
  });
}
