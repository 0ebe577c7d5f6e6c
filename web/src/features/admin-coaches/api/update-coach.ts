import type { AdminCoachBody, AdminCoachReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachesMutation } from './keys';

/** docs/product.md#admin-calls: PUT /admin/coaches/{id} with the wrapped payload. */
export const updateCoach = ({ coachId, body }: { coachId: number; body: AdminCoachBody }) =>
  api.put<AdminCoachReply>(`/admin/coaches/${coachId}`, body);

export const useUpdateCoach = () => useCoachesMutation(updateCoach);
