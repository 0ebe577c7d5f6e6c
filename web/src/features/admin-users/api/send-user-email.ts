import type { AdminUserActionReply, SendUserEmailBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/{id}/send-email with subject, message. */
export const sendUserEmail = ({ userId, mail }: { userId: number; mail: SendUserEmailBody }) =>
  api.post<AdminUserActionReply>(`/admin/users/${userId}/send-email`, mail);

export const useSendUserEmail = () => useUsersMutation(sendUserEmail);
