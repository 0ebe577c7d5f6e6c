import type { DiscoveryQuery } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules/limits';
import { DISCOVERY_AVAILABILITY_FILTERS, SKILL_LEVELS } from '@linksmate/proto/rules/profile';
import type { QueryClient } from '@tanstack/react-query';
import { choiceIn, positiveIn } from '../../../lib/address-query';
import { findPlayersQuery } from '../api/find-players';

export const SEARCH_PAGE_SIZE = PAGE_SIZES.playerDiscovery;

export type SkillFilter = NonNullable<DiscoveryQuery['skill_level']>;
export type AvailabilityFilter = (typeof DISCOVERY_AVAILABILITY_FILTERS)[number] | '';

/** The discovery search's state in the address (spec 2: filters and offset in the URL query). */
export interface PlayerSearchState {
  /** '' when unset (typed as the filter, as the form's state holds it). */
  skill_level: SkillFilter;
  availability_status: AvailabilityFilter;
  offset: number;
}

/** The filters and page the address carries; anything unknown there counts as no filter, page one. */
export function searchOf(params: URLSearchParams): PlayerSearchState {
  return {
    skill_level: choiceIn(params, 'skill_level', SKILL_LEVELS) as SkillFilter,
    availability_status: choiceIn(params, 'availability_status', DISCOVERY_AVAILABILITY_FILTERS),
    offset: positiveIn(params, 'offset', 0),
  };
}

/** GET /discovery/members's query for a search state. */
export function discoveryQueryOf(search: PlayerSearchState): DiscoveryQuery {
  return {
    skill_level: search.skill_level || undefined,
    availability_status: search.availability_status || undefined,
    limit: SEARCH_PAGE_SIZE,
    offset: search.offset,
  };
}

/** What discovery asks for as it opens at that address (for a signed-in person), with its hook's key. */
export function requestPlayers(queryClient: QueryClient, params: URLSearchParams): Promise<unknown> {
  return queryClient.prefetchQuery(findPlayersQuery(discoveryQueryOf(searchOf(params))));
}
