import type { EventsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

const root = sharedQueryRoots.events;

/** Event Listings' and event detail's query keys; a join, payment or push makes all of them stale. */
export const eventsKeys = {
  all: root,
  list: (query: EventsQuery) => [...root, 'list', query] as const,
  byId: (eventId: number) => [...root, 'id', eventId] as const,
  ticketTypes: (eventId: number) => [...root, 'id', eventId, 'ticket-types'] as const,
};
