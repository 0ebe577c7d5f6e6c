import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/{id}/unban. */
export const unbanUser = (userId: number) => api.post<AdminUserActionReply>(`/admin/users/${userId}/unban`);

export const useUnbanUser = () => useUsersMutation(unbanUser);
