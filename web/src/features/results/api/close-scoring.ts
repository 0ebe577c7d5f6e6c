import type { ResultsReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resultsKeys } from './keys';

/** POST /events/{id}/scoring/close: the results become final and are posted into the event's chat. */
export const closeScoring = (eventId: number) => api.post<ResultsReply>(`/events/${eventId}/scoring/close`);

export function useCloseScoring(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeScoring(eventId),
    onSuccess: (reply) => queryClient.setQueryData(resultsKeys.byEvent(eventId), reply),
  });
}
