import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { JoinRequestRef } from './approve-join-request';
import { gamesKeys } from './keys';

/** docs/product.md#community-calls: PUT /member-games/{gameId}/join-requests/{requestId}/reject (may answer 204). */
export const rejectJoinRequest = ({ gameId, requestId }: JoinRequestRef) =>
  api.put<unknown>(`/member-games/${gameId}/join-requests/${requestId}/reject`);

export function useRejectJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectJoinRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKeys.all }),
  });
}
