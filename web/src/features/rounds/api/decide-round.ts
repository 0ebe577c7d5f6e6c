import type { RoundDecisionReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roundsKeys } from './keys';

export type RoundDecision = 'confirm' | 'reject';

/**
 * docs/product.md#rounds: POST /rounds/{id}/confirm → the copy as it now counts (null when it had no
 * card of its own); POST /rounds/{id}/reject → 204, the copy gone.
 */
export const decideRound = ({ id, decision }: { id: number; decision: RoundDecision }) =>
  decision === 'confirm'
    ? api.post<RoundDecisionReply>(`/rounds/${id}/confirm`)
    : api.post<null>(`/rounds/${id}/reject`);

/** Either changes the list to confirm, the own rounds and the index. */
export function useDecideRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKeys.all }),
  });
}
