import type { Plan } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { Plan };

export const getPlans = () =>
  api.get<{ plans: Plan[] }>('/payments/plans', { auth: false }).then((r) => r.plans);

export const plansQuery = () =>
  queryOptions({ queryKey: ['payments', 'plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery());
}
