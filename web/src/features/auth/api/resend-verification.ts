import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = (email: string) =>
  api.post<{ message: string }>('/auth/resend-verification', { email }, { auth: false });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
