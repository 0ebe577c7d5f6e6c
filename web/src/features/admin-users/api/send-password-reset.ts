import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/{id}/send-reset-email (no body). */
export const sendPasswordReset = (userId: number) =>
  api.post<AdminUserActionReply>(`/admin/users/${userId}/send-reset-email`);

export const useSendPasswordReset = () => useUsersMutation(sendPasswordReset);
