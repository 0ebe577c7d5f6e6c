import type { AdminEventsQuery, AdminEventsReply } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { readWholeMonth } from '../../../lib/month-pages';
import { adminEventsKeys } from './keys';

export type EventsListQuery = Partial<AdminEventsQuery>;

/**
 * docs/product.md#admin-calls: GET /admin/events with event_type, venue_id, coach_id, status, start_date, end_date,
 * search, limit, offset → events and total.
 */
export const getEvents = (query: EventsListQuery) =>
  api.get<AdminEventsReply>(`/admin/events${queryString(query)}`);

export const useEvents = (query: EventsListQuery, enabled = true) =>
  useQuery({
    queryKey: adminEventsKeys.list(query),
    queryFn: () => getEvents(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every event of a range (a calendar's month), page after page. */
export const getAllEvents = (query: Omit<EventsListQuery, 'limit' | 'offset'>) =>
  readWholeMonth('events', (page) => getEvents({ ...query, ...page }));

export const useMonthEvents = (query: Omit<EventsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminEventsKeys.month(query),
    queryFn: () => getAllEvents(query),
    placeholderData: keepPreviousData,
    enabled,
  });
