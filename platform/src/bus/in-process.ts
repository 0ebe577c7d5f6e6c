import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { EventEnvelope, EventRegistry } from '@linksmate/proto';
import type { Logger } from 'pino';
import { type Unwatch, watchDeadLetters } from '../metrics';
import { currentTraceHeaders, type TraceHeaders } from '../tracing';
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

/** What a bus holds for its durable groups, as its state file keeps it (see `undelivered`). */
export interface InProcessBusState {
  version: 1;
  queues: Record<string, Array<{ content: string; attempt: number; trace?: TraceHeaders }>>;
}

interface Delivery {
  content: string;
  attempt: number;
  redelivered: boolean;
  /** The trace context it was published with, as a broker's message headers would carry it. */
  trace?: TraceHeaders;
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
  /** Deliveries waiting out a retry delay, by their timer. */
  private readonly retries = new Map<NodeJS.Timeout, { queue: GroupQueue; delivery: Delivery }>();
  private readonly dead: DeadLetter[] = [];
  /** Its dead letters by consumer group in the process's metrics (event_dead_letters). */
  private readonly unwatchDeadLetters: Unwatch = watchDeadLetters(async () => {
    const depths: Record<string, number> = {};
    for (const { group } of this.dead) depths[group] = (depths[group] ?? 0) + 1;
    return depths;
  });
  private readonly retry: RetryPolicy;
  private readonly prefetch: number;
  private closed = false;
  /** Pauses held (a backup taking its snapshots): while any is held, nothing is handed out. */
  private deliveryPauses = 0;
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
      /**
       * Where a closing bus leaves the events its durable groups have not handled yet (waiting,
       * or waiting to be retried), for the next start to deliver, as a broker's durable queues
       * would. Only a clean close writes it: a killed process loses them.
       */
      stateFile?: string;
    },
  ) {
    this.closed = !!options.waitForStart;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.prefetch = options.prefetch ?? 16;
  }

  async start(): Promise<void> {
    await this.restoreUndelivered();
    this.closed = false;
    for (const queue of this.queues.values()) this.schedule(queue);
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

  async publish(events: EventEnvelope[], traces?: ReadonlyArray<TraceHeaders | undefined>): Promise<void> {
    if (this.closed) throw new Error('event bus: closed');
    const current = traces ? undefined : currentTraceHeaders();
    for (const [i, event] of events.entries()) {
      const content = JSON.stringify(event);
      const trace = traces ? traces[i] : current;
      for (const queue of this.queues.values()) {
        if ([...queue.patterns].some((p) => topicMatches(p, event.type))) {
          queue.buffer.push({ content, attempt: 1, redelivered: false, ...(trace ? { trace } : {}) });
          this.schedule(queue);
        }
      }
    }
  }

  private queueNamed(name: string, exclusive: boolean): GroupQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { name, patterns: new Set(), exclusive, buffer: [], consumers: [], nextConsumer: 0 };
      this.queues.set(name, queue);
    }
    return queue;
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    const name = spec.exclusive ? `${spec.group}#${++this.exclusiveCounter}` : spec.group;
    const queue = this.queueNamed(name, !!spec.exclusive);
    for (const pattern of spec.patterns) queue.patterns.add(pattern);
    const consumer: Consumer = {
      prefetch: spec.prefetch ?? this.prefetch,
      cancelled: false,
      dispatcher: new EventDispatcher({
        system: 'in-process',
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

  /**
   * Stops handing events to consumers until `resumeDeliveries`, and waits for the handlers in flight
   * to finish: then every event is either handled (its inbox row committed) or held here. Publishing
   * goes on into the queues. Pauses nest.
   */
  async pauseDeliveries(): Promise<void> {
    this.deliveryPauses++;
    await Promise.all([...this.queues.values()].flatMap((q) => q.consumers.map((c) => c.dispatcher.idle())));
  }

  resumeDeliveries(): void {
    if (this.deliveryPauses === 0) return;
    this.deliveryPauses--;
    if (this.deliveryPauses === 0) for (const queue of this.queues.values()) this.schedule(queue);
  }

  /**
   * The events its durable groups have not handled yet, waiting or waiting to be retried: what a
   * broker's durable queues would hold. Exclusive queues (a process's own, such as sockets') are not kept.
   */
  undelivered(): InProcessBusState {
    const waiting = new Map<GroupQueue, Delivery[]>();
    for (const queue of this.queues.values()) waiting.set(queue, [...queue.buffer]);
    for (const { queue, delivery } of this.retries.values()) waiting.get(queue)?.push(delivery);
    const queues = Object.fromEntries(
      [...waiting]
        .filter(([queue, deliveries]) => !queue.exclusive && deliveries.length)
        .map(([queue, deliveries]) => [
          queue.name,
          deliveries.map(({ content, attempt, trace }) => ({
            content,
            attempt,
            ...(trace ? { trace } : {}),
          })),
        ]),
    );
    return { version: 1, queues };
  }

  private schedule(queue: GroupQueue): void {
    setImmediate(() => this.drain(queue));
  }

  private drain(queue: GroupQueue): void {
    while (queue.buffer.length && !this.closed && !this.deliveryPauses) {
      const available = queue.consumers.filter((c) => !c.cancelled && c.dispatcher.active < c.prefetch);
      if (!available.length) return;
      const consumer = available[queue.nextConsumer++ % available.length]!;
      const delivery = queue.buffer.shift()!;
      void this.deliver(queue, consumer, delivery);
    }
  }

  private async deliver(queue: GroupQueue, consumer: Consumer, delivery: Delivery): Promise<void> {
    const outcome = await consumer.dispatcher.handle(
      delivery.content,
      { attempt: delivery.attempt, redelivered: delivery.redelivered },
      delivery.trace as Record<string, string> | undefined,
    );
    if (outcome.kind === 'retry') {
      const retry: Delivery = {
        content: delivery.content,
        attempt: outcome.nextAttempt,
        redelivered: false,
        ...(delivery.trace ? { trace: delivery.trace } : {}),
      };
      // Closed meanwhile: it waits with the rest of the queue instead of on a timer.
      if (this.closed) queue.buffer.push(retry);
      else {
        const timer = setTimeout(
          () => {
            this.retries.delete(timer);
            queue.buffer.push(retry);
            this.drain(queue);
          },
          retryDelay(this.retry, outcome.nextAttempt - 1),
        );
        this.retries.set(timer, { queue, delivery: retry });
      }
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
    this.unwatchDeadLetters();
    for (const [timer, { queue, delivery }] of this.retries) {
      clearTimeout(timer);
      queue.buffer.push(delivery);
    }
    this.retries.clear();
    await Promise.all([...this.queues.values()].flatMap((q) => q.consumers.map((c) => c.dispatcher.idle())));
    await this.keepUndelivered();
  }

  private async keepUndelivered(): Promise<void> {
    const file = this.options.stateFile;
    if (!file) return;
    const state = this.undelivered();
    const count = Object.values(state.queues).reduce((sum, deliveries) => sum + deliveries.length, 0);
    if (!count) return;
    // Written aside and renamed, so a crash mid-write never leaves half a file.
    await writeFile(`${file}.tmp`, JSON.stringify(state));
    await rename(`${file}.tmp`, file);
    this.options.logger.info({ count, file }, 'event bus: undelivered events kept for the next start');
  }

  private async restoreUndelivered(): Promise<void> {
    const file = this.options.stateFile;
    if (!file || !existsSync(file)) return;
    try {
      const state = JSON.parse(await readFile(file, 'utf8')) as InProcessBusState;
      let count = 0;
      for (const [name, deliveries] of Object.entries(state.queues)) {
        // Before anything newer, as a queue would hand them out; a group not subscribed (yet)
        // keeps them until it is.
        this.queueNamed(name, false).buffer.unshift(
          ...deliveries.map((d) => ({
            content: d.content,
            attempt: d.attempt,
            redelivered: true,
            ...(d.trace ? { trace: d.trace } : {}),
          })),
        );
        count += deliveries.length;
      }
      this.options.logger.info({ count, file }, 'event bus: delivering events kept at the last close');
    } catch (err) {
      const aside = `${file}.unreadable-${Date.now()}`;
      await rename(file, aside);
      this.options.logger.error({ err, file: aside }, 'event bus: kept events could not be read; set aside');
      return;
    }
    await rm(file, { force: true });
  }
}
