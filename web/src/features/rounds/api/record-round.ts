import type { RecordRoundBody, RoundReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

/**
 * docs/product.md#rounds: POST /rounds → the round as recorded (422 with field errors by path). The
 * key is the form's: sending the same card again (a retry, a second tap) records it once.
 */
export const recordRound = ({ body, idempotencyKey }: { body: RecordRoundBody; idempotencyKey: string }) =>
  api.post<RoundReply>('/rounds', body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** A new round changes the list and, when it counts, the index. */
export function useRecordRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKeys.all }),
  });
}
