import type { MessageReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useCoachesMutation } from './keys';

/** docs/product.md#admin-calls: DELETE /admin/coaches/{id}. */
export const deleteCoach = (coachId: number) => api.delete<MessageReply>(`/admin/coaches/${coachId}`);

export const useDeleteCoach = () => useCoachesMutation(deleteCoach);
