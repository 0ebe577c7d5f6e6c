import type { AdminEventsQuery, AdminEventsReply, Event } from '@linksmate/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminEventsKeys } from './keys';

export type EventsListQuery = Partial<AdminEventsQuery>;

/**
 * Spec 3 §7: GET /admin/events with event_type, venue_id, coach_id, status, start_date, end_date,
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

/** The calendar reads its whole month, 100 at a time, up to this many events. */
const MONTH_PAGE = 100;
export const MONTH_CAP = 1000;

/** Every event of a range (a calendar's month), page after page. */
export async function getAllEvents(query: Omit<EventsListQuery, 'limit' | 'offset'>) {
  const events: Event[] = [];
  let total = 0;
  for (let offset = 0; offset < MONTH_CAP; offset += MONTH_PAGE) {
    const reply = await getEvents({ ...query, limit: MONTH_PAGE, offset });
    events.push(...reply.events);
    total = reply.total;
    if (reply.events.length < MONTH_PAGE || events.length >= total) break;
  }
  return { events, total };
}

export const useMonthEvents = (query: Omit<EventsListQuery, 'limit' | 'offset'>, enabled: boolean) =>
  useQuery({
    queryKey: adminEventsKeys.month(query),
    queryFn: () => getAllEvents(query),
    placeholderData: keepPreviousData,
    enabled,
  });
