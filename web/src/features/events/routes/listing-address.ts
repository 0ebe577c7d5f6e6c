import type { EventsQuery } from '@linksmate/proto';
import { EVENT_TYPES } from '@linksmate/proto/rules/events';
import { PAGE_SIZES } from '@linksmate/proto/rules/limits';
import type { QueryClient } from '@tanstack/react-query';
import { choiceIn, positiveIn } from '../../../lib/address-query';
import { eventsQuery } from '../api/get-events';

export const LISTING_PAGE_SIZE = PAGE_SIZES.events;

type TypeFilter = NonNullable<EventsQuery['event_type']>;

/** The listing's state in the address (spec 2: filters and page in the URL query). */
export interface Listing {
  event_type: TypeFilter | '';
  venue_id: number;
  page: number;
}

/** The filters and page the address carries; anything unknown there counts as no filter, page one. */
export function listingOf(params: URLSearchParams): Listing {
  return {
    event_type: choiceIn(params, 'event_type', EVENT_TYPES),
    venue_id: positiveIn(params, 'venue_id', 0),
    page: positiveIn(params, 'page', 1),
  };
}

/** GET /events's query for a listing state. */
export function eventsQueryOf(listing: Listing): EventsQuery {
  return {
    event_type: listing.event_type || undefined,
    venue_id: listing.venue_id || undefined,
    limit: LISTING_PAGE_SIZE,
    offset: (listing.page - 1) * LISTING_PAGE_SIZE,
  };
}

/** What the listing asks for as it opens at that address, with the key its page's hook uses. */
export function requestListing(queryClient: QueryClient, params: URLSearchParams): Promise<unknown> {
  return queryClient.prefetchQuery(eventsQuery(eventsQueryOf(listingOf(params))));
}
