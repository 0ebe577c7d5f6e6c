import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';

interface CancelReply {
  membership: { status: string | null; ends_at: string | null; cancel_at_period_end: boolean } | null;
}

/** "Cancel anytime": the membership runs to the end of the period already paid for. */
export const cancelMembership = () => api.post<CancelReply>('/payments/cancel-subscription');

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMembership,
    onSuccess: async () => {
      // identity learns of the change through an event; give it a moment before reading the
      // profile (whose copy of the membership shows the cancellation) again.
      for (const delay of [300, 800, 1500]) {
        await new Promise((r) => setTimeout(r, delay));
        await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.profile });
      }
    },
  });
}
