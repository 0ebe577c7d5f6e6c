import type { PaymentsConfigReply } from '@linksmate/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/**
 * GET /payments/config, how a card is taken: Stripe's publishable key, and `simulator_path`, where the
 * simulator takes card confirmations (null when Stripe itself does). Public.
 */
export const getPaymentsConfig = () => api.get<PaymentsConfigReply>('/payments/config', { auth: false });

/** The configuration does not change while the app runs: read once. */
export const paymentsConfigQuery = () =>
  queryOptions({ queryKey: paymentKeys.config(), queryFn: getPaymentsConfig, staleTime: Infinity });

export function usePaymentsConfig(enabled = true) {
  return useQuery({ ...paymentsConfigQuery(), enabled });
}
