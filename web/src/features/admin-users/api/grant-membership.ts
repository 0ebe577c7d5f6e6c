import type { AdminGrantBody, AdminUserActionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/{id}/grant-membership with membership_type, duration, expiry_date. */
export const grantMembership = ({ userId, grant }: { userId: number; grant: AdminGrantBody }) =>
  api.post<AdminUserActionReply>(`/admin/users/${userId}/grant-membership`, grant);

export const useGrantMembership = () => useUsersMutation(grantMembership);
