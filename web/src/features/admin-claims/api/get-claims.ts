import type { AdminClaimsReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminClaimsKeys } from './keys';

/**
 * docs/product.md#admin-calls: GET /admin/profile-claims?limit=500&offset=0, every claim at once (filtered and paged
 * on the client), with the count per status for the tabs.
 */
export const getClaims = () =>
  api.get<AdminClaimsReply>(
    `/admin/profile-claims${queryString({ limit: PAGE_SIZES.adminClaimsFetch, offset: 0 })}`,
  );

export const claimsQuery = () => queryOptions({ queryKey: adminClaimsKeys.list(), queryFn: getClaims });

export const useClaims = () => useQuery(claimsQuery());
