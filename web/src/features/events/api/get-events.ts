import type { EventsQuery, EventsReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { eventsKeys } from './keys';

export type { Event, EventsQuery } from '@linksmate/proto';

/** docs/product.md#community-calls: GET /events with event_type, venue_id, limit, offset → `{events, count}`. Public. */
export const getEvents = (query: EventsQuery) => api.get<EventsReply>(`/events${queryString(query)}`);

export const eventsQuery = (query: EventsQuery) =>
  queryOptions({ queryKey: eventsKeys.list(query), queryFn: () => getEvents(query) });

/** The page before stays on screen while the next one loads, so paging and filtering do not flash. */
export function useEvents(query: EventsQuery) {
  return useQuery({ ...eventsQuery(query), placeholderData: keepPreviousData });
}
