import type { CreatePaymentIntentBody, CreatePaymentIntentReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

/** docs/product.md#account-calls's payload; the server sets the amount whatever is sent. */
export const createPaymentIntent = (input: CreatePaymentIntentBody, idempotencyKey: string) =>
  api.post<CreatePaymentIntentReply>('/payments/create-payment-intent', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
