import type { LiveFiguresReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { devMetricsKeys } from './keys';

/** The embedded run's live figures (GET /api/v1/dev/metrics); 404 where the run has none. */
export const getLiveFigures = () => api.get<LiveFiguresReply>('/dev/metrics', { auth: false });

export const liveFiguresQuery = () =>
  queryOptions({ queryKey: devMetricsKeys.all, queryFn: getLiveFigures, refetchInterval: 5_000 });

export function useLiveFigures() {
  return useQuery(liveFiguresQuery());
}
