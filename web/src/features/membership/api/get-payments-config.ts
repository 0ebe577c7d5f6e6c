import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membershipKeys } from './keys';

export interface PaymentsConfig {
  publishable_key: string;
  /** Where the simulator takes card confirmations; null when Stripe itself does. */
  simulator_path: string | null;
}

export const getPaymentsConfig = () => api.get<PaymentsConfig>('/payments/config', { auth: false });

export const paymentsConfigQuery = () =>
  queryOptions({ queryKey: membershipKeys.config(), queryFn: getPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
