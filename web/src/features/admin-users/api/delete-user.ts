import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: DELETE /admin/users/{id}. */
export const deleteUser = (userId: number) => api.delete<AdminUserActionReply>(`/admin/users/${userId}`);

export const useDeleteUser = () => useUsersMutation(deleteUser);
