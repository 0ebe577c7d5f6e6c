import type { AdminProfileReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

/** docs/product.md#admin-calls: GET /admin/profile, who the admin is and what they run (a coach admin's coach). */
export const getAdminProfile = () => api.get<AdminProfileReply>('/admin/profile');
