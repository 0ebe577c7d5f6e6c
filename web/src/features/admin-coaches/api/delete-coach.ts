import type { MessageReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachesMutation } from './keys';

/** Spec 3 §7: DELETE /admin/coaches/{id}. */
export const deleteCoach = (coachId: number) => api.delete<MessageReply>(`/admin/coaches/${coachId}`);

export const useDeleteCoach = () => useCoachesMutation(deleteCoach);
