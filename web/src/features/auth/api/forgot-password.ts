import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (email: string) =>
  api.post<{ message: string }>('/auth/forgot-password', { email }, { auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
