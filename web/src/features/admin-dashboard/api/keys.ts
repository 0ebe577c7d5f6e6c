const root = ['admin', 'dashboard'] as const;

export const adminDashboardKeys = {
  all: root,
  figures: () => [...root, 'figures'] as const,
};
