import type { UpdateProfileBody, UpdateProfileReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { profileKeys } from './keys';

/** docs/product.md#account-calls: PUT /profile with the form's fields; answers the updated profile (422 with field errors). */
export const updateProfile = (body: UpdateProfileBody) => api.put<UpdateProfileReply>('/profile', body);

/**
 * The answer is the profile as it now is, so it replaces the cached one; lists of golfers are read
 * again, since a name, a picture or the visibility may have changed there too.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      queryClient.setQueryData(profileKeys.me(), reply);
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.people });
    },
  });
}
