import type { SessionSummary, SessionsReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

export type { SessionSummary };

/** GET /auth/sessions: the person's live sessions, this browser's marked current. */
export const getSessions = () => api.get<SessionsReply>('/auth/sessions');

export const sessionsQuery = () => queryOptions({ queryKey: profileKeys.sessions(), queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQuery());
}
