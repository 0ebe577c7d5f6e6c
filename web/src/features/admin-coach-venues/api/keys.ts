import type { CoachVenuesReply } from '@linksmate/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared coaches root: where a coach teaches shows in every list of coaches. */
const root = [...sharedQueryRoots.coaches, 'admin', 'coach-venues'] as const;

const venuesRoot = [...root, 'venues'] as const;
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

export const coachVenuesKeys = {
  all: root,
  own: (userId: number) => [...root, 'own', userId] as const,
  venues: (coachId: number) => [...venuesRoot, coachId] as const,
};

/**
 * A change to where a coach teaches: the call answers the coach's new list, which replaces the one
 * on screen; every list of coaches is stale (the primary venue is the coach's venue).
 */
export function useCoachVenuesMutation<Variables extends { coachId: number }>(
  mutationFn: (variables: Variables) => Promise<CoachVenuesReply>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply, { coachId }) => {
      queryClient.setQueryData(coachVenuesKeys.venues(coachId), reply);
      return queryClient.invalidateQueries({
        queryKey: sharedQueryRoots.coaches,
        // The coach's venues were just answered; every other list of coaches is read again.
        predicate: (query) => !startsWith(query.queryKey, venuesRoot),
      });
    },
  });
}
