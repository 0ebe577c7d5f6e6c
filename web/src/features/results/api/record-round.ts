import type { RecordResultRoundReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { resultsKeys } from './keys';

/** POST /events/{id}/results/round: the caller's closed card recorded as their own round. */
export const recordResultRound = (eventId: number) =>
  api.post<RecordResultRoundReply>(`/events/${eventId}/results/round`);

/** The new round is on the person's rounds page and may move their index: both are read again. */
export function useRecordResultRound(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordResultRound(eventId),
    onSuccess: (reply) => {
      queryClient.setQueryData(resultsKeys.byEvent(eventId), reply.results);
      return queryClient.invalidateQueries({ queryKey: sharedQueryRoots.rounds });
    },
  });
}
