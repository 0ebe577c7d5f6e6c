import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (input: { token: string; new_password: string }) =>
  api.post<{ message: string }>('/auth/reset-password', input, { auth: false });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
