import { sharedQueryRoots } from '../../../lib/query-keys';

const root = [...sharedQueryRoots.people, 'golfers'] as const;

/** The home page's query keys. */
export const homeKeys = {
  all: root,
  /** Signed out, nobody is asked for; signing in asks again. */
  featuredGolfers: (signedIn: boolean) => [...root, 'featured', signedIn] as const,
};
