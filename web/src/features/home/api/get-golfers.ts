import type { GolfersQuery, GolfersReply } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { homeKeys } from './keys';

/** Golfer card (docs/product.md#account-entities, camelCase on the home page). */
export interface GolferCard {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
  profileImageUrl: string | null;
  skillLevel: string | null;
  handicap: number | null;
}

export async function getGolfers(
  page = 1,
  limit: number = PAGE_SIZES.featuredGolfers,
): Promise<GolferCard[]> {
  // docs/product.md#account-calls: the call is made only if a token exists.
  if (!getStoredToken()) return [];
  try {
    const query: GolfersQuery = { page, limit };
    const body = await api.get<GolfersReply>(`/golfers${queryString(query)}`);
    return (body.users ?? []).map((u) => ({
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      username: u.username,
      profileImageUrl: u.profile_image_url,
      skillLevel: u.skill_level,
      handicap: u.manual_handicap,
    }));
  } catch (error) {
    // docs/product.md#account-errors: a failed fetch is logged only and shows nothing.
    console.warn('Featured golfers could not be loaded', error);
    return [];
  }
}

export const featuredGolfersQuery = () =>
  queryOptions({ queryKey: homeKeys.featuredGolfers(!!getStoredToken()), queryFn: () => getGolfers() });

export function useFeaturedGolfers() {
  return useQuery(featuredGolfersQuery());
}
