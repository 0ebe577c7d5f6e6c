import type { PaymentsConfigReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membershipKeys } from './keys';

/** `simulator_path`: where the simulator takes card confirmations; null when Stripe itself does. */
export type PaymentsConfig = PaymentsConfigReply;

export const getPaymentsConfig = () => api.get<PaymentsConfig>('/payments/config', { auth: false });

export const paymentsConfigQuery = () =>
  queryOptions({ queryKey: membershipKeys.config(), queryFn: getPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
