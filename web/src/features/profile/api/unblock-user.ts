import type { BlockReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import type { ProfileResponse } from './get-profile';
import { profileKeys } from './keys';

/** docs/product.md#account-calls: DELETE /profile/block/{id}; idempotent. */
export const unblockUser = (userId: number) => api.delete<BlockReply>(`/profile/block/${userId}`);

/**
 * The answer lists who is still blocked, so the own profile's list shrinks at once (without touching
 * a form being edited beside it); the two people see each other again in lists of golfers.
 */
export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSuccess: (reply, userId) => {
      queryClient.setQueryData<ProfileResponse>(profileKeys.me(), (current) => {
        if (!current) return current;
        const still = new Set(reply.blocked_user_ids);
        return {
          ...current,
          user: {
            ...current.user,
            blocked_user_ids: reply.blocked_user_ids,
            blocked_users: current.user.blocked_users?.filter((blocked) => still.has(blocked.id)),
          },
        };
      });
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId) });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.people });
    },
  });
}
