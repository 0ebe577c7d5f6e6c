import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { eventQuery } from '../features/events/api/get-event';
import { paths } from '../lib/paths';

/**
 * An event page's largest text is the event's name, which waits for GET /events/{id}. Asked for here,
 * as the app starts, it comes while React renders and the page's chunk loads, instead of after both;
 * the page's own query then finds it (same key, fresh for the client's staleTime).
 */
export function startFirstScreenRequests(queryClient: QueryClient, pathname: string) {
  const event = matchPath(paths.event.path, pathname);
  const id = Number(event?.params.eventId);
  if (Number.isSafeInteger(id) && id > 0) void queryClient.prefetchQuery(eventQuery(id));
}
