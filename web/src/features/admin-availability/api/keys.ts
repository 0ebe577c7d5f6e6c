import type { AvailabilityQuery } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';

const root = ['admin', 'availability'] as const;

export const adminAvailabilityKeys = {
  all: root,
  list: (query: Partial<AvailabilityQuery>) => [...root, 'list', query] as const,
  month: (query: Partial<AvailabilityQuery>) => [...root, 'month', query] as const,
};

/** A change to slots whose success reads the table and the calendar again. */
export function useSlotsMutation<Variables, Reply>(mutationFn: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAvailabilityKeys.all }),
  });
}
