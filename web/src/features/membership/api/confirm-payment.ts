import { api } from '../../../lib/api-client';

export interface ConfirmedPayment {
  status: string;
  membership: {
    type: string | null;
    status: string | null;
    trial_ends_at: string | null;
    ends_at: string | null;
  } | null;
}

export const confirmPayment = (input: {
  payment_intent_id?: string;
  setup_intent_id?: string;
  subscription_id?: string;
  event_id: number;
}) => api.post<ConfirmedPayment>('/payments/confirm-payment', input);
