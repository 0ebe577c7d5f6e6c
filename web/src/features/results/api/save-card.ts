import type { ResultsReply, ScoreCardBody } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { resultsKeys } from './keys';

/** PUT /events/{id}/scoring/cards/{userId}: a player's whole card (their own, or anyone's for the organiser). */
export const saveCard = (eventId: number, userId: number, body: ScoreCardBody) =>
  api.put<ResultsReply>(`/events/${eventId}/scoring/cards/${userId}`, body);

export function useSaveCard(eventId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScoreCardBody) => saveCard(eventId, userId, body),
    onSuccess: (reply) => queryClient.setQueryData(resultsKeys.byEvent(eventId), reply),
  });
}
