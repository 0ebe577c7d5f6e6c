import type { SlotPaymentIntentBody, SlotPaymentIntentReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

export type { SlotPaymentIntentReply, SlotSelection } from '@linksmate/proto';

/**
 * docs/product.md#community-calls: POST /events/slot-payment-intent. The server prices the selection itself, holds the
 * seats while the person pays and answers with the client secret to confirm by card.
 */
export const createSlotPaymentIntent = (body: SlotPaymentIntentBody, idempotencyKey: string) =>
  api.post<SlotPaymentIntentReply>('/events/slot-payment-intent', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
