import type { EmailBody, MessageReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const forgotPassword = (email: EmailBody['email']) =>
  api.post<MessageReply>('/auth/forgot-password', { email } satisfies EmailBody, { auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
