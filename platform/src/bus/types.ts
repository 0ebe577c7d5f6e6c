import type { EventEnvelope } from '@linksmate/proto';
import type { TraceHeaders } from '../tracing';

export interface DeliveryContext {
  /** 1 on the first delivery; counts retries through the bus. */
  attempt: number;
  /** The broker says this delivery may have been seen before (e.g. after a crash). */
  redelivered: boolean;
}

export type EventHandler = (event: EventEnvelope, context: DeliveryContext) => Promise<void>;

export interface SubscriptionSpec {
  /**
   * The consumer group: one durable queue shared by every replica of it. Ignored for exclusive
   * subscriptions, which get a queue of their own.
   */
  group: string;
  /** Routing-key patterns with `*` (one word) and `#` (zero or more words). */
  patterns: string[];
  handler: EventHandler;
  /**
   * A queue of this process only (gateway sockets), kept while it reconnects (RabbitMQ: for
   * `exclusiveHoldMs`), gone when it stops. No retries.
   */
  exclusive?: boolean;
  /** How many deliveries may be in flight at once for this subscription. */
  prefetch?: number;
}

export interface Subscription {
  readonly group: string;
  /** Stops new deliveries and waits for the handlers in flight. */
  cancel(): Promise<void>;
}

export interface RetryPolicy {
  /** Attempts in all, first delivery included, before an event is dead-lettered. */
  maxAttempts: number;
  /** Delay before retry n (1-based); the last value repeats. */
  delaysMs: number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, delaysMs: [1_000, 5_000, 15_000, 60_000] };

export function retryDelay(policy: RetryPolicy, retryNumber: number): number {
  const delays = policy.delaysMs;
  return delays[Math.min(retryNumber - 1, delays.length - 1)] ?? 1_000;
}

/** A dead-lettered event with why it could not be handled. */
export interface DeadLetter {
  group: string;
  reason: 'invalid' | 'exhausted';
  error: string;
  raw: unknown;
  at: string;
}

/**
 * The event bus: publish with confirmation, subscribe with at-least-once delivery, retries with
 * delay, and dead-lettering of invalid or exhausted events. Two adapters behave identically:
 * RabbitMQ (distributed) and in-process (embedded run).
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  start(): Promise<void>;
  /**
   * Resolves once the broker has confirmed every event; rejects if any was not taken. `traces[i]`
   * is the trace context event i leaves with (in the message's headers, beside the envelope); the
   * current one when not given.
   */
  publish(events: EventEnvelope[], traces?: ReadonlyArray<TraceHeaders | undefined>): Promise<void>;
  subscribe(spec: SubscriptionSpec): Promise<Subscription>;
  isConnected(): boolean;
  /**
   * Called each time the bus has its connection back and every consumer attached again (not at the
   * first connect). Events published while the process was away longer than its exclusive queues are
   * kept (RabbitMQ's `exclusiveHoldMs`) never reached them: their owners catch up.
   */
  onReconnected(listener: () => void): void;
  /** Cancels subscriptions (waiting for handlers in flight) and disconnects. */
  close(): Promise<void>;
}

/** AMQP topic matching: `*` is exactly one word, `#` zero or more. */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const p = pattern.split('.');
  const k = routingKey.split('.');
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') {
      for (let skip = j; skip <= k.length; skip++) if (match(i + 1, skip)) return true;
      return false;
    }
    if (j === k.length) return false;
    return (p[i] === '*' || p[i] === k[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}
