import type { AdminUser } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** What the add-user picker reads of a person. */
export type PickableUser = Pick<AdminUser, 'id' | 'first_name' | 'last_name' | 'email' | 'username'>;

/**
 * docs/product.md#admin-calls: GET /admin/users?limit=100 with what was typed as `search` → `{users}`: the
 * server searches names, e-mail and usernames, so anyone can be found, not only the first hundred.
 */
export const getPickableUsers = (search: string) =>
  api
    .get<{ users: PickableUser[] }>(`/admin/users${queryString({ limit: 100, search: search || undefined })}`)
    .then((reply) => reply.users);

export const pickableUsersQuery = (search: string) =>
  queryOptions({
    queryKey: eventKeys.pickableUsers(search),
    queryFn: () => getPickableUsers(search),
    // What was found for the last letters stays while the next search runs.
    placeholderData: keepPreviousData,
  });

export const usePickableUsers = (search: string, enabled: boolean) =>
  useQuery({ ...pickableUsersQuery(search), enabled });
