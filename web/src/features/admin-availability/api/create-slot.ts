import type { AvailabilitySlot, CreateAvailabilitySlotBody } from '@linksmate/proto';
import { api } from '../../../lib/api-client';
import { useSlotsMutation } from './keys';

/**
 * docs/product.md#admin-calls: POST /admin/availability with slot_type, price (cents), currency, capacity, status,
 * notes_for_admin, start_time and an optional end_time.
 */
export const createSlot = (body: CreateAvailabilitySlotBody) =>
  api.post<AvailabilitySlot>('/admin/availability', body);

export const useCreateSlot = () => useSlotsMutation(createSlot);
