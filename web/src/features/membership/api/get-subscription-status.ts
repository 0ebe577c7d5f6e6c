import type { SubscriptionStatusReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { membershipKeys } from './keys';

export type SubscriptionStatus = SubscriptionStatusReply;

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/payments/subscription-status');

export const subscriptionStatusQuery = () =>
  queryOptions({ queryKey: membershipKeys.subscriptionStatus(), queryFn: getSubscriptionStatus });

/** Only asked for with a stored token; signed out, there is no membership to show. */
export function useSubscriptionStatus() {
  return useQuery({ ...subscriptionStatusQuery(), enabled: !!getStoredToken() });
}
