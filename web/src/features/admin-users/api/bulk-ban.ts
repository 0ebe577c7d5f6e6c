import type { BulkActionReply, BulkBanBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/users/bulk-ban with user_ids, reason; each id answered on its own. */
export const bulkBan = (body: BulkBanBody) => api.post<BulkActionReply>('/admin/users/bulk-ban', body);

export const useBulkBan = () => useUsersMutation(bulkBan);
