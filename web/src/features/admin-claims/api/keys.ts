const root = ['admin', 'profile-claims'] as const;

export const adminClaimsKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
  detail: (claimId: number) => [...root, 'detail', claimId] as const,
};
