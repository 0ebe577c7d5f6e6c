import { api } from '../../../lib/api-client';

export interface CreatedPaymentIntent {
  client_secret: string;
  payment_intent_id: string;
  amount: number;
  gst_amount: number;
  currency: string;
}

/** Spec 1 §7's payload; the server sets the amount whatever is sent. */
export const createPaymentIntent = (
  input: {
    amount: number;
    currency: string;
    item_id: string;
    event_id: number;
    description: string;
    plan_id: string;
  },
  idempotencyKey: string,
) =>
  api.post<CreatedPaymentIntent>('/payments/create-payment-intent', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
