import type { ConfirmSlotPaymentBody, ConfirmSlotPaymentReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

/** docs/product.md#community-calls: POST /events/confirm-slot-payment once the card is confirmed; books the held seats. */
export const confirmSlotPayment = (body: ConfirmSlotPaymentBody) =>
  api.post<ConfirmSlotPaymentReply>('/events/confirm-slot-payment', body);
