import { createHmac } from 'node:crypto';
import { type Json, missing, newId, now, type StripeObject } from './values';

export interface WebhookDelivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number | 'error';
  at: string;
}

const API_VERSION = '2026-10-28.endive';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** As Stripe: quickly at first, then backing off, for about three days in all. */
const WEBHOOK_RETRY_DELAYS_MS = [
  1_000,
  5_000,
  15_000,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  16 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

export interface WebhookOptions {
  /** Where events are POSTed; read at each delivery, so it may be set later. */
  webhookUrl?: string;
  webhookSecret: string;
  /** Delays between delivery attempts; the list's length bounds the attempts. */
  webhookRetryDelaysMs?: number[];
}

/** Stripe's events: each change raises one, kept in order and POSTed signed, with retries. */
export class Webhooks {
  readonly events: StripeObject[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: WebhookOptions) {}

  emit(type: string, object: Json): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      type,
      created: now(),
      livemode: false,
      pending_webhooks: this.options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    this.deliver(event, 1);
    return event;
  }

  event(id: string): StripeObject {
    const event = this.events.find((e) => e.id === id);
    if (!event) throw missing('event', id);
    return event;
  }

  /** Signed as Stripe signs: HMAC-SHA256 over "timestamp.payload" with the endpoint secret. */
  signature(payload: string, timestamp = now()): string {
    const digest = createHmac('sha256', this.options.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return `t=${timestamp},v1=${digest}`;
  }

  /** Sends an event again, as Stripe does when it is not sure the first delivery arrived. */
  redeliver(eventId: string): void {
    this.deliver(this.event(eventId), 1);
  }

  /** Stops every delivery still waiting. */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private deliver(event: StripeObject, attempt: number): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    const delays = this.options.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
    const send = async () => {
      const payload = JSON.stringify(event, null, 2);
      let status: number | 'error' = 'error';
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': this.signature(payload),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) simulator',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {}
      this.deliveries.push({
        eventId: event.id,
        type: String(event.type),
        attempt,
        status,
        at: new Date().toISOString(),
      });
      const ok = typeof status === 'number' && status >= 200 && status < 300;
      if (!ok && attempt <= delays.length) {
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            this.deliver(event, attempt + 1);
          },
          delays[attempt - 1],
        );
        this.timers.add(timer);
      }
    };
    // Each event goes out after the answer that caused it, as Stripe's do.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void send();
    }, 0);
    this.timers.add(timer);
  }
}
