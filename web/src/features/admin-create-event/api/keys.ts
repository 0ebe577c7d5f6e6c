import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Creating an event makes every list of events stale (Event Listings and the admin's). */
export function useEventsMutation<Variables, Reply>(mutationFn: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.events }),
  });
}
