import type { CreateSubscriptionBody, CreateSubscriptionReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

/** `plan_id` is the provider price id (docs/product.md#account-calls); the key makes a retried attempt charge once. */
export const createSubscription = (input: CreateSubscriptionBody, idempotencyKey: string) =>
  api.post<CreateSubscriptionReply>('/payments/create-subscription', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
