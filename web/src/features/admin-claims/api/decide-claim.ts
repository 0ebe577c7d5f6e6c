import type { AdminClaimReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { adminClaimsKeys } from './keys';

export type ClaimDecision = 'approved' | 'rejected';

/** docs/product.md#admin-calls: PUT /admin/profile-claims/{id} with status and admin_notes, answering the claim. */
export const decideClaim = ({
  claimId,
  status,
  adminNotes,
}: {
  claimId: number;
  status: ClaimDecision;
  adminNotes: string;
}) =>
  api.put<AdminClaimReply>(`/admin/profile-claims/${claimId}`, {
    status,
    admin_notes: adminNotes.trim() || null,
  });

/**
 * After a decision (or a refusal, e.g. someone else decided first) the list and its counts are read
 * again; an approval gives the profile (a coach's or a venue's) an owner, so the lists of coaches and
 * of venues are stale too.
 */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideClaim,
    onSuccess: (reply) => queryClient.setQueryData(adminClaimsKeys.detail(reply.claim.id), reply),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminClaimsKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.coaches }),
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.venues }),
      ]),
  });
}
