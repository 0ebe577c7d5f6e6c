import type { BulkActionReply, BulkGrantBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/bulk-grant-membership with user_ids, membership_type, duration. */
export const bulkGrant = (body: BulkGrantBody) =>
  api.post<BulkActionReply>('/admin/users/bulk-grant-membership', body);

export const useBulkGrant = () => useUsersMutation(bulkGrant);
