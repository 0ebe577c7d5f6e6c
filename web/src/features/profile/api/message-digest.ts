import type { MessagingPreferences } from '@linksmate/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['messages', 'preferences'] as const;

/** GET /messages/preferences: whether missed messages are e-mailed (beyond the spec). */
export const getMessageDigest = () => api.get<MessagingPreferences>('/messages/preferences');
export const messageDigestQuery = () => queryOptions({ queryKey: key, queryFn: getMessageDigest });

export function useMessageDigest() {
  return useQuery(messageDigestQuery());
}

/** PUT /messages/preferences. */
export function useSetMessageDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessagingPreferences) => api.put<MessagingPreferences>('/messages/preferences', body),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
