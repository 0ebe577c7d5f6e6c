import type { SessionsRevokedReply } from '@linksmate/proto';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/sessions/revoke-all: every session ends, this one included, and every access token. */
export const signOutEverywhere = () => api.post<SessionsRevokedReply>('/auth/sessions/revoke-all');

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
