import type { MembershipResponse } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

export interface ProfileUser {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email?: string;
  profile_image_url: string | null;
  manual_handicap: number | null;
  skill_level: string | null;
  club_memberships_text: string | null;
  is_profile_visible: boolean;
  availability_status: string;
  availability_status_message: string | null;
  blocked_user_ids?: number[];
  role: string;
  created_at: string;
}

/** The membership as payments publishes it; identity serves its copy. */
export type ProfileMembership = NonNullable<MembershipResponse>;

export interface ProfileResponse {
  user: ProfileUser;
  membership: ProfileMembership | null;
}

export const getProfile = () => api.get<ProfileResponse>('/profile');

export const profileQuery = () => queryOptions({ queryKey: profileKeys.me(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQuery());
}
