import type { BlockReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { profileKeys } from './keys';

/** docs/product.md#community-calls: POST /profile/block/{id}; idempotent. */
export const blockUser = (userId: number) => api.post<BlockReply>(`/profile/block/${userId}`);

/**
 * Blocking hides both people from each other: lists of golfers and the own profile's blocked list
 * are read again. The blocked person's profile is only marked stale: the page that blocked them
 * still shows 'User has been blocked.' until it leaves, and a later visit finds the profile gone.
 */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: (_reply, userId) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.people });
    },
  });
}
