import type { AdminClaimReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminClaimsKeys } from './keys';

/** docs/product.md#admin-calls: GET /admin/profile-claims/{id}. */
export const getClaim = (claimId: number) => api.get<AdminClaimReply>(`/admin/profile-claims/${claimId}`);

export const claimQuery = (claimId: number) =>
  queryOptions({
    queryKey: adminClaimsKeys.detail(claimId),
    queryFn: () => getClaim(claimId),
    // The decision buttons depend on the status: always read it afresh when the details open.
    staleTime: 0,
  });

export const useClaim = (claimId: number) => useQuery(claimQuery(claimId));
