import type { TicketTypesReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

export type { TicketType } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /events/{id}/ticket-types → `{ticket_types}`; only the active ones are sold. */
export const getTicketTypes = (eventId: number) =>
  api.get<TicketTypesReply>(`/events/${eventId}/ticket-types`);

export const ticketTypesQuery = (eventId: number) =>
  queryOptions({ queryKey: eventsKeys.ticketTypes(eventId), queryFn: () => getTicketTypes(eventId) });

export function useTicketTypes(eventId: number, enabled = true) {
  return useQuery({ ...ticketTypesQuery(eventId), enabled, retry: false });
}
