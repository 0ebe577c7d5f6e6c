import type { Event } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** docs/product.md#community-calls: GET /events/{id}, with the caller's own booking and waitlist standing. Public. */
export const getEvent = (eventId: number) => api.get<Event>(`/events/${eventId}`);

export const eventQuery = (eventId: number) =>
  queryOptions({ queryKey: eventsKeys.byId(eventId), queryFn: () => getEvent(eventId) });

export function useEvent(eventId: number, enabled = true) {
  return useQuery({ ...eventQuery(eventId), enabled });
}
