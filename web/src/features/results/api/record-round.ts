import type { RecordResultRoundReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resultsKeys } from './keys';

/** POST /events/{id}/results/round: the caller's closed card recorded as their own round. */
export const recordResultRound = (eventId: number) =>
  api.post<RecordResultRoundReply>(`/events/${eventId}/results/round`);

export function useRecordResultRound(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordResultRound(eventId),
    onSuccess: (reply) => queryClient.setQueryData(resultsKeys.byEvent(eventId), reply.results),
  });
}
