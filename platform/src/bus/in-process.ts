import type { EventEnvelope, EventRegistry } from '@linksmate/proto';
import type { Logger } from 'pino';
import { EventDispatcher } from './dispatch';
import {
  DEFAULT_RETRY_POLICY,
  type DeadLetter,
  type EventBus,
  type RetryPolicy,
  retryDelay,
  type Subscription,
  type SubscriptionSpec,
  topicMatches,
} from './types';

interface Delivery {
  content: string;
  attempt: number;
  redelivered: boolean;
}

interface Consumer {
  dispatcher: EventDispatcher;
  prefetch: number;
  cancelled: boolean;
}

/** A queue of one consumer group: it keeps what arrives while no consumer is attached. */
interface GroupQueue {
  name: string;
  patterns: Set<string>;
  exclusive: boolean;
  buffer: Delivery[];
  consumers: Consumer[];
  nextConsumer: number;
}

/**
 * In-process adapter for the embedded run, with the RabbitMQ adapter's semantics: messages cross as
 * JSON, each group gets its own copy, handlers run with bounded concurrency, failures retry after a
 * delay up to the attempt limit, and invalid or exhausted events are dead-lettered.
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, GroupQueue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly dead: DeadLetter[] = [];
  private readonly retry: RetryPolicy;
  private readonly prefetch: number;
  private closed = false;
  private exclusiveCounter = 0;

  constructor(
    private readonly options: {
      registry: EventRegistry;
      logger: Logger;
      retry?: RetryPolicy;
      prefetch?: number;
      /**
       * Refuse events until start(): a process that starts several services on one bus starts it
       * once all have subscribed, so events committed earlier wait in their outboxes instead of
       * reaching no queue (RabbitMQ's durable queues outlive a restart; these do not).
       */
      waitForStart?: boolean;
    },
  ) {
    this.closed = !!options.waitForStart;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.prefetch = options.prefetch ?? 16;
  }

  async start(): Promise<void> {
    this.closed = false;
  }

  isConnected(): boolean {
    return !this.closed;
  }

  /** Nothing to lose in between: an in-process bus has no connection that could drop. */
  onReconnected(_listener: () => void): void {}

  /** Dead-lettered events, newest last, optionally of one group. */
  deadLetters(group?: string): DeadLetter[] {
    return group ? this.dead.filter((d) => d.group === group) : [...this.dead];
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error('event bus: closed');
    for (const event of events) {
      const content = JSON.stringify(event);
      for (const queue of this.queues.values()) {
        if ([...queue.patterns].some((p) => topicMatches(p, event.type))) {
          queue.buffer.push({ content, attempt: 1, redelivered: false });
          this.schedule(queue);
        }
      }
    }
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    const name = spec.exclusive ? `${spec.group}#${++this.exclusiveCounter}` : spec.group;
    let queue = this.queues.get(name);
    if (!queue) {
      queue = {
        name,
        patterns: new Set(),
        exclusive: !!spec.exclusive,
        buffer: [],
        consumers: [],
        nextConsumer: 0,
      };
      this.queues.set(name, queue);
    }
    for (const pattern of spec.patterns) queue.patterns.add(pattern);
    const consumer: Consumer = {
      prefetch: spec.prefetch ?? this.prefetch,
      cancelled: false,
      dispatcher: new EventDispatcher({
        group: spec.group,
        registry: this.options.registry,
        handler: spec.handler,
        logger: this.options.logger,
        retry: this.retry,
        exclusive: !!spec.exclusive,
      }),
    };
    queue.consumers.push(consumer);
    this.schedule(queue);
    const owner = queue;
    return {
      group: spec.group,
      cancel: async () => {
        consumer.cancelled = true;
        owner.consumers = owner.consumers.filter((c) => c !== consumer);
        // An exclusive queue dies with its consumer, as in RabbitMQ.
        if (owner.exclusive) this.queues.delete(owner.name);
        await consumer.dispatcher.idle();
      },
    };
  }

  private schedule(queue: GroupQueue): void {
    setImmediate(() => this.drain(queue));
  }

  private drain(queue: GroupQueue): void {
    while (queue.buffer.length && !this.closed) {
      const available = queue.consumers.filter((c) => !c.cancelled && c.dispatcher.active < c.prefetch);
      if (!available.length) return;
      const consumer = available[queue.nextConsumer++ % available.length]!;
      const delivery = queue.buffer.shift()!;
      void this.deliver(queue, consumer, delivery);
    }
  }

  private async deliver(queue: GroupQueue, consumer: Consumer, delivery: Delivery): Promise<void> {
    const outcome = await consumer.dispatcher.handle(delivery.content, {
      attempt: delivery.attempt,
      redelivered: delivery.redelivered,
    });
    if (outcome.kind === 'retry') {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          queue.buffer.push({ content: delivery.content, attempt: outcome.nextAttempt, redelivered: false });
          this.drain(queue);
        },
        retryDelay(this.retry, outcome.nextAttempt - 1),
      );
      this.timers.add(timer);
    } else if (outcome.kind === 'dead') {
      let raw: unknown = delivery.content;
      try {
        raw = JSON.parse(delivery.content);
      } catch {}
      this.dead.push({
        group: queue.name,
        reason: outcome.reason,
        error: outcome.error,
        raw,
        at: new Date().toISOString(),
      });
    }
    this.drain(queue);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.queues.values()].flatMap((q) => q.consumers.map((c) => c.dispatcher.idle())));
  }
}
