import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** The fields the add-user picker reads of an account (the admin user list's own contract is later). */
export interface PickableUser {
  id: number;
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** docs/product.md#community-calls: GET /v1/admin/users?limit=100 → `{users}`, for the add-user dialog's picker. */
export const getAdminUsers = () =>
  api.get<{ users?: PickableUser[] }>('/admin/users?limit=100').then((reply) => reply.users ?? []);

export const adminUsersQuery = () =>
  queryOptions({ queryKey: eventsKeys.adminUsers(), queryFn: getAdminUsers });

export function useAdminUsers(enabled: boolean) {
  return useQuery({ ...adminUsersQuery(), enabled, retry: false });
}
