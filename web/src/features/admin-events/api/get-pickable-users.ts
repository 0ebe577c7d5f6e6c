import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminEventsKeys } from './keys';

/** What the add-user picker reads of a person. */
export interface PickableUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  username: string;
}

/** docs/product.md#admin-calls: GET /admin/users?limit=100 (with what was typed as `search`) → `{users}`. */
export const getPickableUsers = (search: string) =>
  api
    .get<{ users: PickableUser[] }>(`/admin/users${queryString({ limit: 100, search: search || undefined })}`)
    .then((reply) => reply.users ?? []);

export const usePickableUsers = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: adminEventsKeys.users(search),
    queryFn: () => getPickableUsers(search),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
