import type { AdminCoachBody, AdminCoachReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachesMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/coaches; the server invites the coach by e-mail to claim the profile. */
export const createCoach = (body: AdminCoachBody) => api.post<AdminCoachReply>('/admin/coaches', body);

export const useCreateCoach = () => useCoachesMutation(createCoach);
