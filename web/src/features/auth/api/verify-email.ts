import type { MessageReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { authKeys } from './keys';

export const verifyEmail = (token: string) =>
  api.get<MessageReply>(`/auth/verify-email${queryString({ token })}`, { auth: false });

/**
 * A query rather than a mutation: one request per token however often the page renders
 * (a link is single use, so a second call would report it spent).
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQuery(token ?? ''), enabled: !!token });
}
