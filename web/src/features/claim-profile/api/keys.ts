const root = ['claim-profile'] as const;

/** The claim screen's query keys: the profile being claimed, by kind and id. */
export const claimProfileKeys = {
  all: root,
  coach: (coachId: number) => [...root, 'coach', coachId] as const,
  venue: (venueId: number) => [...root, 'venue', venueId] as const,
};
