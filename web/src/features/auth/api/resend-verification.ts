import type { EmailBody, MessageReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = (email: EmailBody['email']) =>
  api.post<MessageReply>('/auth/resend-verification', { email } satisfies EmailBody, { auth: false });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
