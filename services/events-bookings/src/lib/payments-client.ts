import { REQUEST_ID_HEADER, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type {
  ApiError,
  EventPayment,
  EventPaymentIntentBody,
  EventRefundBody,
  EventRefundReply,
} from '@linksmate/proto';

export interface PaymentsClientOptions {
  url: string;
  serviceToken: string;
  timeoutMs: number;
}

/** payments did not give a usable answer: refused (4xx), failed (5xx), unreachable or too slow. */
export class PaymentsUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: ApiError,
  ) {
    super(message);
    this.name = 'PaymentsUnavailable';
  }
}

/**
 * membership-payments' internal event-payment calls (ARCHITECTURE.md: synchronous only where a
 * person waits for the answer, authenticated with the service token).
 */
export class PaymentsClient {
  constructor(private readonly options: PaymentsClientOptions) {}

  createIntent(body: EventPaymentIntentBody, requestId?: string): Promise<EventPayment> {
    return this.call('POST', '/internal/event-payments', body, requestId);
  }

  status(intentId: string, requestId?: string): Promise<EventPayment> {
    return this.call('GET', `/internal/event-payments/${encodeURIComponent(intentId)}`, undefined, requestId);
  }

  refund(intentId: string, body: EventRefundBody, requestId?: string): Promise<EventRefundReply> {
    return this.call(
      'POST',
      `/internal/event-payments/${encodeURIComponent(intentId)}/refund`,
      body,
      requestId,
    );
  }

  cancel(intentId: string, requestId?: string): Promise<EventPayment> {
    return this.call(
      'POST',
      `/internal/event-payments/${encodeURIComponent(intentId)}/cancel`,
      {},
      requestId,
    );
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.url}${path}`, {
        method,
        headers: {
          [SERVICE_TOKEN_HEADER]: this.options.serviceToken,
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new PaymentsUnavailable(`payments unreachable: ${(err as Error).message}`);
    }
    const answer = (await response.json().catch(() => undefined)) as (T & Partial<ApiError>) | undefined;
    if (response.status === 200 && answer) return answer;
    throw new PaymentsUnavailable(
      `payments answered ${response.status}: ${answer?.error ?? 'no body'}`,
      response.status,
      answer as ApiError | undefined,
    );
  }
}
