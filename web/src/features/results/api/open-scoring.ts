import type { OpenScoringBody, ResultsReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resultsKeys } from './keys';

/** POST /events/{id}/scoring: the organiser picks the tees and the format shown first. */
export const openScoring = (eventId: number, body: OpenScoringBody) =>
  api.post<ResultsReply>(`/events/${eventId}/scoring`, body);

export function useOpenScoring(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenScoringBody) => openScoring(eventId, body),
    onSuccess: (reply) => queryClient.setQueryData(resultsKeys.byEvent(eventId), reply),
  });
}
