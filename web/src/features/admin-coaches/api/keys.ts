import type { AdminCoachesQuery } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared coaches root: a change here makes the public coach lists stale too. */
const root = [...sharedQueryRoots.coaches, 'admin', 'table'] as const;

export const adminCoachesKeys = {
  all: root,
  list: (query: AdminCoachesQuery) => [...root, 'list', query] as const,
};

/** A change to a coach whose success makes every list of coaches stale (this table's and others'). */
export function useCoachesMutation<Variables, Reply>(mutationFn: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.coaches }),
  });
}
