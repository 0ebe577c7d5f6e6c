import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared venues root: a change here refreshes the directory and venue pages too. */
const root = [...sharedQueryRoots.venues, 'admin'] as const;

export const adminVenuesKeys = {
  all: root,
  table: () => [...root, 'table'] as const,
  detail: (venueId: number) => [...root, 'detail', venueId] as const,
  courses: (venueId: number) => [...root, 'courses', venueId] as const,
};

/** After any change to a venue, every venue list and page is read again. */
export const reloadVenues = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sharedQueryRoots.venues });

/** A mutation on venues whose success reloads what shows them. */
export function useVenuesMutation<Variables, Reply>(mutationFn: (variables: Variables) => Promise<Reply>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => reloadVenues(queryClient) });
}
