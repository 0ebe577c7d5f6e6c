import { sharedQueryRoots } from '../../../lib/query-keys';

/** Under the shared events root: a change to the event makes its results stale with it. */
export const resultsKeys = {
  byEvent: (eventId: number) => [...sharedQueryRoots.events, 'results', eventId] as const,
};
