import type { CancelSubscriptionReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membershipKeys } from './keys';

/** "Cancel anytime": the membership runs to the end of the period already paid for. */
export const cancelMembership = () => api.post<CancelSubscriptionReply>('/payments/cancel-subscription');

/**
 * payments' own answers are read again at once; the profile (identity's copy of the membership)
 * follows when identity says the claims changed.
 */
export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMembership,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
  });
}
