import { InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type {
  EventPayment,
  EventPaymentIntentBody,
  EventRefundBody,
  EventRefundReply,
} from '@linksmate/proto';

/**
 * membership-payments' internal event-payment calls, typed. A refusal (4xx) comes back as
 * payments' HttpError, anything else as a 502 (platform's InternalClient); checkout turns either
 * into its own answer, so it only logs which it was (`paymentsFailure`).
 */
export class PaymentsClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'payments' });
  }

  createIntent(body: EventPaymentIntentBody, requestId?: string): Promise<EventPayment> {
    return this.internal.call('POST', '/internal/event-payments', body, requestId);
  }

  status(paymentIntentId: string, requestId?: string): Promise<EventPayment> {
    return this.internal.call(
      'GET',
      `/internal/event-payments/${encodeURIComponent(paymentIntentId)}`,
      undefined,
      requestId,
    );
  }

  refund(paymentIntentId: string, body: EventRefundBody, requestId?: string): Promise<EventRefundReply> {
    return this.internal.call(
      'POST',
      `/internal/event-payments/${encodeURIComponent(paymentIntentId)}/refund`,
      body,
      requestId,
    );
  }

  cancel(paymentIntentId: string, requestId?: string): Promise<EventPayment> {
    return this.internal.call(
      'POST',
      `/internal/event-payments/${encodeURIComponent(paymentIntentId)}/cancel`,
      {},
      requestId,
    );
  }
}

/**
 * A failed payments call as the log should read it: why payments did not answer (the 502's cause),
 * or payments' own words for a refusal.
 */
export function paymentsFailure(err: unknown): string {
  const error = err as Error;
  return typeof error.cause === 'string' ? error.cause : error.message;
}
