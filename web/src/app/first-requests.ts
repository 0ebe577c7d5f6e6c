import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { eventQuery } from '../features/events/api/get-event';
import { rememberPaintedTitle } from '../features/events/api/painted-title';
import { requestListing } from '../features/events/routes/listing-address';
import { requestPlayers } from '../features/players/routes/search-address';
import { requestDirectory } from '../features/venues/routes/directory-address';
import { paths } from '../lib/paths';
import { getStoredToken } from '../lib/session';

/**
 * The landing pages' first data, asked for as the app starts rather than once the page's chunk has
 * loaded and rendered: it comes while both happen, and the page's own queries (same keys, fresh for
 * the client's staleTime) find it. The page then renders once, with its data, instead of rendering
 * its loading state and then again, all at once, as each reply arrives.
 *
 * Resolves when those requests have settled (at once where the page asks for nothing ahead).
 */
export function startFirstScreenRequests(queryClient: QueryClient, location: Location): Promise<unknown> {
  const params = new URLSearchParams(location.search);
  if (matchPath(paths.venues.path, location.pathname)) return requestDirectory(queryClient, params);
  if (matchPath(paths.events.path, location.pathname)) return requestListing(queryClient, params);
  // Discovery is for members: a visitor's page asks for nothing (it shows the login prompt).
  const discovery =
    matchPath(paths.players.path, location.pathname) ?? matchPath(paths.findGolfers.path, location.pathname);
  if (discovery && getStoredToken()) return requestPlayers(queryClient, params);
  const event = matchPath(paths.event.path, location.pathname);
  const id = Number(event?.params.eventId);
  if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve();
  // An event page's largest text is the event's name, which waits for GET /events/{id}.
  const request = queryClient.prefetchQuery(eventQuery(id));
  // The gateway paints this page's title into its HTML when it knows the event (the page's only
  // `<h1>`); the page shows the same while the request above is on its way.
  const painted = document.querySelector('#root main h1')?.textContent;
  if (painted) rememberPaintedTitle(id, painted);
  return request;
}
