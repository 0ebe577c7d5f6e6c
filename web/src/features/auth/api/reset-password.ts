import type { MessageReply, ResetPasswordBody } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (input: ResetPasswordBody) =>
  api.post<MessageReply>('/auth/reset-password', input, { auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
