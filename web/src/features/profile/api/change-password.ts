import type { ChangePasswordBody, ChangePasswordReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeToken } from '../../../lib/session';
import { profileKeys } from './keys';

/**
 * POST /auth/change-password: the current password proves it is the owner; every other session ends
 * and every earlier access token stops counting. 422 names the field (wrong current password, weak
 * or unchanged new one).
 */
export const changePassword = (body: ChangePasswordBody) =>
  api.post<ChangePasswordReply>('/auth/change-password', body);

/**
 * The answer's token is this session's from now on (the one sent no longer counts), so it is stored
 * at once; the sessions list is read again, now with this device only.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      storeToken(reply.token);
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    },
  });
}
