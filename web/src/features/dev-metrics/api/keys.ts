/** The development figures' query keys. */
export const devMetricsKeys = {
  all: ['dev-metrics'] as const,
};
