import type { RecordRoundBody, RoundReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/** docs/product.md#rounds: POST /rounds → the round as recorded (422 with field errors by path). */
export const recordRound = (body: RecordRoundBody) => api.post<RoundReply>('/rounds', body);

/** A new round changes the list and, when it counts, the index. */
export function useRecordRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKeys.all }),
  });
}
