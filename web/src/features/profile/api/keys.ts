import { sharedQueryRoots } from '../../../lib/query-keys';

/** The profile's query keys; a membership change invalidates them all through the shared root. */
export const profileKeys = {
  all: sharedQueryRoots.profile,
  me: () => [...sharedQueryRoots.profile, 'me'] as const,
  /** Another golfer's public profile. */
  user: (userId: number) => [...sharedQueryRoots.profile, 'user', userId] as const,
  /** The own sessions (one per login), listed with the account. */
  sessions: () => [...sharedQueryRoots.profile, 'sessions'] as const,
};
