import type { UserVenueBody, UserVenueReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** docs/product.md#community-calls: POST /venues/user-created → the venue, pending review (not listed until approved). */
export const createUserVenue = (body: UserVenueBody) =>
  api.post<UserVenueReply>('/venues/user-created', body);

export function useCreateUserVenue() {
  return useMutation({ mutationFn: createUserVenue });
}
