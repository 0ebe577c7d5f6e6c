import type { MessageReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** DELETE /auth/sessions/{id}: one of the person's other sessions ends. */
export const signOutSession = (sessionId: string) =>
  api.delete<MessageReply>(`/auth/sessions/${encodeURIComponent(sessionId)}`);

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
