import { PAGE_SIZES } from '@linksmate/proto/rules/limits';
import {
  AU_STATES,
  CLUB_AMENITIES,
  COURSE_AMENITIES,
  VENUE_SEARCH_MAX_LENGTH,
  VENUE_TYPES,
} from '@linksmate/proto/rules/venues';
import type { QueryClient } from '@tanstack/react-query';
import { findVenuesQuery, type VenuesQuery } from '../../../entities/venue/api/find-venues';
import { choiceIn, positiveIn } from '../../../lib/address-query';
import type { VenueSearch } from '../../../lib/paths';
import { clubAmenitiesQuery } from '../api/get-club-amenities';
import { courseAmenitiesQuery } from '../api/get-course-amenities';
import { venueStatesQuery } from '../api/get-venue-states';
import { venueTypesQuery } from '../api/get-venue-types';

export const DIRECTORY_PAGE_SIZE = PAGE_SIZES.venueDirectory;

/** The directory's state, all of it in the address (spec 2: mirrored into the URL query). */
export interface Directory {
  search: string;
  region: string;
  state: string;
  venue_type: string;
  course_amenity: string;
  club_amenity: string;
  page: number;
}

/**
 * The filters and page the address carries. An enumerated filter the server would refuse (a
 * mistyped or old link) counts as no filter; a page that is not a positive number is page one.
 */
export function directoryOf(params: URLSearchParams): Directory {
  return {
    search: (params.get('search') ?? '').slice(0, VENUE_SEARCH_MAX_LENGTH),
    region: (params.get('region') ?? '').trim().slice(0, VENUE_SEARCH_MAX_LENGTH),
    state: choiceIn(params, 'state', AU_STATES),
    venue_type: choiceIn(params, 'venue_type', VENUE_TYPES),
    course_amenity: choiceIn(params, 'course_amenity', COURSE_AMENITIES),
    club_amenity: choiceIn(params, 'club_amenity', CLUB_AMENITIES),
    page: positiveIn(params, 'page', 1),
  };
}

/** The address's query for a directory state: only what is set, page one left out. */
export function paramsOf(directory: Directory): URLSearchParams {
  const values: VenueSearch = { ...directory, search: directory.search.trim() };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== '' && !(name === 'page' && value === 1)) params.set(name, String(value));
  }
  return params;
}

/** GET /venues's query for a directory state: its filters that are set and its page. */
export function venuesQueryOf(directory: Directory): VenuesQuery {
  return {
    search: directory.search.trim() || undefined,
    region: directory.region || undefined,
    state: (directory.state || undefined) as VenuesQuery['state'],
    venue_type: (directory.venue_type || undefined) as VenuesQuery['venue_type'],
    course_amenity: (directory.course_amenity || undefined) as VenuesQuery['course_amenity'],
    club_amenity: (directory.club_amenity || undefined) as VenuesQuery['club_amenity'],
    limit: DIRECTORY_PAGE_SIZE,
    offset: (directory.page - 1) * DIRECTORY_PAGE_SIZE,
  };
}

/**
 * What the directory asks for as it opens at that address: its page and the four selects' options,
 * the same queries (and keys) the page's hooks use, so it finds them answered or on their way.
 */
export function requestDirectory(queryClient: QueryClient, params: URLSearchParams): Promise<unknown> {
  return Promise.allSettled([
    queryClient.prefetchQuery(findVenuesQuery(venuesQueryOf(directoryOf(params)))),
    queryClient.prefetchQuery(venueStatesQuery()),
    queryClient.prefetchQuery(venueTypesQuery()),
    queryClient.prefetchQuery(courseAmenitiesQuery()),
    queryClient.prefetchQuery(clubAmenitiesQuery()),
  ]);
}
