import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { eventQuery } from '../features/events/api/get-event';
import { rememberPaintedTitle } from '../features/events/api/painted-title';
import { paths } from '../lib/paths';

/**
 * An event page's largest text is the event's name, which waits for GET /events/{id}. Asked for here,
 * as the app starts, it comes while React renders and the page's chunk loads, instead of after both;
 * the page's own query then finds it (same key, fresh for the client's staleTime).
 */
export function startFirstScreenRequests(queryClient: QueryClient, pathname: string) {
  const event = matchPath(paths.event.path, pathname);
  const id = Number(event?.params.eventId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  void queryClient.prefetchQuery(eventQuery(id));
  // The gateway paints this page's title into its HTML when it knows the event (the page's only
  // `<h1>`); the page shows the same while the request above is on its way.
  const painted = document.querySelector('#root main h1')?.textContent;
  if (painted) rememberPaintedTitle(id, painted);
}
