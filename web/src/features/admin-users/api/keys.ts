import type { AdminUsersQuery } from '@linksmate/proto';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared root of the admin's people: a change here refreshes the add-user picker too. */
const root = sharedQueryRoots.adminUsers;

export const adminUsersKeys = {
  all: root,
  list: (query: Partial<AdminUsersQuery>) => [...root, 'list', query] as const,
};

/** After any change to people the list is read again (docs/product.md#admin-states "After any successful user change"). */
export const reloadUsers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });

/** A mutation on people whose success reloads the list. */
export function useUsersMutation<Variables, Reply>(mutationFn: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => reloadUsers(queryClient) });
}
