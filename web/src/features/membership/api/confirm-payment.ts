import type { ConfirmPaymentBody, ConfirmPaymentReply } from '@linksmate/proto';
import { api } from '../../../lib/api-client';

export const confirmPayment = (input: ConfirmPaymentBody) =>
  api.post<ConfirmPaymentReply>('/payments/confirm-payment', input);
