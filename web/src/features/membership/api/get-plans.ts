import type { Plan, PlansReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { membershipKeys } from './keys';

export type { Plan };

/** With the stored token the server knows whether the free trial is still on offer to this person. */
export const getPlans = () =>
  api
    .get<{ plans: Plan[] }>('/payments/plans')
    .catch((error) =>
      error instanceof ApiError && error.status === 401
        ? api.get<PlansReply>('/payments/plans', { auth: false })
        : Promise.reject(error),
    )
    .then((r) => r.plans);

export const plansQuery = () =>
  queryOptions({ queryKey: membershipKeys.plans(), queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery());
}
