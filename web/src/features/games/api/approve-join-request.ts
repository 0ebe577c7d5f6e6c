import type { JoinRequestDecisionReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gamesKeys } from './keys';

export interface JoinRequestRef {
  gameId: number;
  requestId: number;
}

/** docs/product.md#community-calls: PUT /member-games/{gameId}/join-requests/{requestId}/approve: a seat, the count up by one. */
export const approveJoinRequest = ({ gameId, requestId }: JoinRequestRef) =>
  api.put<JoinRequestDecisionReply>(`/member-games/${gameId}/join-requests/${requestId}/approve`);

/** The request leaves the list and the game's counts are read again. */
export function useApproveJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveJoinRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKeys.all }),
  });
}
