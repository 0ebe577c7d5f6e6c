import { api } from '../../../lib/api-client';
import { useSlotsMutation } from './keys';

/** docs/product.md#admin-calls: DELETE /admin/availability/{id}. */
export const deleteSlot = (slotId: number) => api.delete<unknown>(`/admin/availability/${slotId}`);

export const useDeleteSlot = () => useSlotsMutation(deleteSlot);
