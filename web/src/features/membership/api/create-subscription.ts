import { api } from '../../../lib/api-client';

export interface CreatedSubscription {
  status: string;
  subscription_id: string;
  client_secret: string | null;
  intent_type: 'setup' | 'payment';
  plan_id: string;
  trial_days: number;
  amount: number;
  gst_amount: number;
  currency: string;
}

/** `plan_id` is the provider price id (spec 1 §7); the key makes a retried attempt charge once. */
export const createSubscription = (input: { plan_id: string; trial_days?: number }, idempotencyKey: string) =>
  api.post<CreatedSubscription>('/payments/create-subscription', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
