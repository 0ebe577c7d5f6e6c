import type { AdminUserActionReply, ChangeRoleBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: PUT /admin/users/{id}/role with role. */
export const changeRole = ({ userId, role }: { userId: number; role: ChangeRoleBody['role'] }) =>
  api.put<AdminUserActionReply>(`/admin/users/${userId}/role`, { role });

export const useChangeRole = () => useUsersMutation(changeRole);
