import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** Spec 3 §7: DELETE /admin/users/{id}. */
export const deleteUser = (userId: number) => api.delete<AdminUserActionReply>(`/admin/users/${userId}`);

export const useDeleteUser = () => useUsersMutation(deleteUser);
