import type { PaymentsConfigReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** How the card is taken: Stripe's publishable key, and the simulator's path when it stands in. */
export const getPaymentsConfig = () => api.get<PaymentsConfigReply>('/payments/config', { auth: false });

export const paymentsConfigQuery = () =>
  queryOptions({ queryKey: eventsKeys.paymentsConfig(), queryFn: getPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig(enabled = true) {
  return useQuery({ ...paymentsConfigQuery(), enabled });
}
