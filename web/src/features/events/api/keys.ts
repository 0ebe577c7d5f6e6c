import type { EventsQuery } from '@linksmate/proto';
import { sharedQueryRoots } from '../../../lib/query-keys';

const root = ['events'] as const;

/** Event Listings' and event detail's query keys; a join, payment or push makes all of them stale. */
export const eventsKeys = {
  all: root,
  list: (query: EventsQuery) => [...root, 'list', query] as const,
  byId: (eventId: number) => [...root, 'id', eventId] as const,
  ticketTypes: (eventId: number) => [...root, 'id', eventId, 'ticket-types'] as const,
  /** The venues a game may move to, for the edit dialog's picker. */
  venueChoices: () => [...root, 'venue-choices'] as const,
  /** The people an admin may add to an event. */
  adminUsers: () => [...root, 'admin-users'] as const,
  paymentsConfig: () => [...sharedQueryRoots.payments, 'config'] as const,
  /** Read from /profile, so it goes stale with the profile. */
  billingEmail: () => [...sharedQueryRoots.profile, 'billing-email'] as const,
};
