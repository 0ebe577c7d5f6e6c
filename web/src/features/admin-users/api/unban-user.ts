import type { AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** Spec 3 §7: POST /admin/users/{id}/unban. */
export const unbanUser = (userId: number) => api.post<AdminUserActionReply>(`/admin/users/${userId}/unban`);

export const useUnbanUser = () => useUsersMutation(unbanUser);
