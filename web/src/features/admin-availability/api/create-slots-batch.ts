import type { AvailabilityBatchBody, AvailabilityBatchReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useSlotsMutation } from './keys';

/** docs/product.md#admin-calls: POST /admin/availability/batch with a list of slots (all made, or none). */
export const createSlotsBatch = (body: AvailabilityBatchBody) =>
  api.post<AvailabilityBatchReply>('/admin/availability/batch', body);

export const useCreateSlotsBatch = () => useSlotsMutation(createSlotsBatch);
