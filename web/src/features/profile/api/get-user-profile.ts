import type { ProfileReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/**
 * docs/product.md#community-calls: another golfer's profile. A hidden profile, or one behind a block either way, answers
 * 404 like a missing one.
 */
export const getUserProfile = (userId: number) => api.get<ProfileReply>(`/profile/${userId}`);

export const userProfileQuery = (userId: number) =>
  queryOptions({ queryKey: profileKeys.user(userId), queryFn: () => getUserProfile(userId) });

export function useUserProfile(userId: number | null) {
  return useQuery({ ...userProfileQuery(userId ?? 0), enabled: userId !== null });
}
