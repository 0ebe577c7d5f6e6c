import type { AdminEventsQuery, AdminEventsReply } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { readWholeMonth } from '../../../lib/month-pages';
import { adminEventsKeys } from './keys';

export type EventsListQuery = Partial<AdminEventsQuery>;

/**
 * docs/product.md#admin-calls: GET /admin/events with event_type, venue_id, coach_id, status, start_date,
 * end_date, search, limit, offset → events and total: the admin area's list in the caller's scope, not
 * Event Listings' public GET /events.
 */
export const getAdminEvents = (query: EventsListQuery) =>
  api.get<AdminEventsReply>(`/admin/events${queryString(query)}`);

export const useAdminEvents = (query: EventsListQuery, enabled = true) =>
  useQuery({
    queryKey: adminEventsKeys.list(query),
    queryFn: () => getAdminEvents(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every event of a range (a calendar's month), page after page. */
export const getAllAdminEvents = (query: Omit<EventsListQuery, 'limit' | 'offset'>) =>
  readWholeMonth('events', (page) => getAdminEvents({ ...query, ...page }));

export const useAdminMonthEvents = (query: Omit<EventsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminEventsKeys.month(query),
    queryFn: () => getAllAdminEvents(query),
    placeholderData: keepPreviousData,
    enabled,
  });
