import type { CreateOfficialEventBody, CreateOfficialEventReply } from '@linksmate/proto';
import { PRODUCT_SLUG } from '@linksmate/proto/rules';
import { api } from '../../../lib/api-client';

/**
 * docs/product.md#admin-calls: POST /events/{product} with title, description, venue_id, start_time, end_time,
 * capacity, optional coach_profile_id and ticket_types: the event and its slot types in one call.
 * The reply is read as unknown: its shape is checked before it is trusted (docs/product.md#admin-states).
 */
export const createOfficialEvent = (body: CreateOfficialEventBody) =>
  api.post<Partial<CreateOfficialEventReply> | null>(`/events/${PRODUCT_SLUG}`, body);
