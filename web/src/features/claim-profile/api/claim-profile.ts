import type { ClaimProfileBody, ClaimProfileReply } from '@linksmate/proto';
import type { ClaimEntityType } from '@linksmate/proto/rules';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ClaimInput {
  entityType: ClaimEntityType;
  entityId: number;
  email: string;
  password: string;
}

/**
 * docs/product.md#community-calls: POST /claim-profile (public). Makes an unverified account linked to a pending claim and
 * mails the verification link; refusals carry `error` and, for a field, `errors`.
 */
export const claimProfile = (input: ClaimInput) =>
  api.post<ClaimProfileReply>('/claim-profile', input satisfies ClaimProfileBody, { auth: false });

export function useClaimProfile() {
  return useMutation({ mutationFn: claimProfile });
}
