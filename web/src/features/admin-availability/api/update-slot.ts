import type { AvailabilitySlot, UpdateAvailabilitySlotBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useSlotsMutation } from './keys';

/** docs/product.md#admin-calls: PUT /admin/availability/{id} with the slot's fields; answers the slot as it now is. */
export const updateSlot = ({ slotId, body }: { slotId: number; body: UpdateAvailabilitySlotBody }) =>
  api.put<AvailabilitySlot>(`/admin/availability/${slotId}`, body);

export const useUpdateSlot = () => useSlotsMutation(updateSlot);
