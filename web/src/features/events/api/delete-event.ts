import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** docs/product.md#community-calls: DELETE /events/{id}; creator or admin. */
export const deleteEvent = (eventId: number) => api.delete<unknown>(`/events/${eventId}`);

export function useDeleteEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEvent(eventId),
    // The screen still shows the event while it leaves: its answer is only marked stale (a visit
    // back reads the 404), not refetched or removed under it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventsKeys.byId(eventId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [...eventsKeys.all, 'list'] });
    },
  });
}
