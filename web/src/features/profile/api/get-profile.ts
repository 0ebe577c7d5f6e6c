import type { MembershipResponse, ProfileReply, ProfileUser } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

export type { ProfileUser };

/** The membership as payments publishes it; identity serves its copy. */
export type ProfileMembership = NonNullable<MembershipResponse>;
export type ProfileResponse = ProfileReply;

export const getProfile = () => api.get<ProfileResponse>('/profile');

export const profileQuery = () => queryOptions({ queryKey: profileKeys.me(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery());
}
