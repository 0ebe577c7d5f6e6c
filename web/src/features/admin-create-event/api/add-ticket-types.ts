import type { CreateTicketTypesBody, TicketTypesReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

/** docs/product.md#admin-calls: POST /events/{id}/ticket-types with {ticket_types}: the fallback's second call. */
export const addTicketTypes = (eventId: number, body: CreateTicketTypesBody) =>
  api.post<TicketTypesReply>(`/events/${eventId}/ticket-types`, body);
