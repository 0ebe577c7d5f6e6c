import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/{id}/ban with reason. */
export const banUser = ({ userId, reason }: { userId: number; reason: string | null }) =>
  api.post<AdminUserActionReply>(`/admin/users/${userId}/ban`, { reason });

export const useBanUser = () => useUsersMutation(banUser);
