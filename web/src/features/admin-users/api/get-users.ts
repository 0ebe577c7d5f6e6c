import type { AdminUsersQuery, AdminUsersReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminUsersKeys } from './keys';

export type UsersListQuery = Partial<AdminUsersQuery>;

/** docs/product.md#admin-calls: GET /admin/users with page, limit, search, role, sort_by, sort_order. */
export const getUsers = (query: UsersListQuery) =>
  api.get<AdminUsersReply>(`/admin/users${queryString(query)}`);

export const usersQuery = (query: UsersListQuery) =>
  queryOptions({
    queryKey: adminUsersKeys.list(query),
    queryFn: () => getUsers(query),
    // The page on screen stays while the next one loads (no flash of 'Loading users...').
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersListQuery) => useQuery(usersQuery(query));
