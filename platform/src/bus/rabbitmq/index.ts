import type { EventEnvelope } from '@linksmate/proto';
import { type Unwatch, watchDeadLetters } from '../../metrics';
import type { TraceHeaders } from '../../tracing';
import type { EventBus, Subscription, SubscriptionSpec } from '../types';
import { RabbitMqConnection } from './connection';
import { deadLetterQueueOf } from './dead-letters';
import { RabbitMqPublisher } from './publisher';
import { type RabbitMqBusOptions, type RabbitMqSettings, rabbitMqSettings } from './settings';
import { type ActiveSubscription, RabbitMqSubscriber } from './subscriber';

export * from './dead-letters';
export type { RabbitMqBusOptions } from './settings';
export { DEFAULT_QUEUE_PREFIX } from './settings';

/**
 * RabbitMQ adapter (amqplib): topic exchange, confirm channels, persistent messages, one durable
 * queue per consumer group (quorum where the broker supports it), manual acks, bounded prefetch,
 * delayed retry through TTL queues, a dead-letter exchange, and reconnection that re-declares the
 * topology and resumes every consumer. The connection, publishing and consuming each have a part.
 */
export class RabbitMqEventBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  private readonly settings: RabbitMqSettings;
  private readonly connection: RabbitMqConnection;
  private readonly publisher: RabbitMqPublisher;
  private readonly subscriber: RabbitMqSubscriber;
  /** The subscriber's own set, here too so that tests can reach a consumer's channel. */
  private readonly subscriptions: Set<ActiveSubscription>;

  constructor(options: RabbitMqBusOptions) {
    this.settings = rabbitMqSettings(options);
    this.connection = new RabbitMqConnection(this.settings, {
      prepare: (connection) => this.publisher.prepare(connection),
      resume: async (connection) => {
        await this.subscriber.attachAll(connection);
        this.publisher.open(connection);
      },
      lost: () => {
        this.publisher.lost();
        this.subscriber.lost();
      },
    });
    this.publisher = new RabbitMqPublisher(this.settings, this.connection);
    this.subscriber = new RabbitMqSubscriber(this.settings, this.connection);
    this.subscriptions = this.subscriber.subscriptions;
    this.unwatchDeadLetters = watchDeadLetters(() => this.deadLetterDepths());
  }

  private readonly unwatchDeadLetters: Unwatch;

  /**
   * The depth of each of this bus's consumer groups' dead-letter queues, on a channel of its own
   * (a passive declare that fails closes its channel: never a consumer's).
   */
  async deadLetterDepths(): Promise<Record<string, number>> {
    const connection = this.connection.current;
    if (!connection) return {};
    const channel = await connection.createChannel();
    channel.on('error', () => {});
    const depths: Record<string, number> = {};
    try {
      for (const subscription of this.subscriptions) {
        if (!subscription.queue || subscription.spec.exclusive) continue;
        const { messageCount } = await channel.checkQueue(deadLetterQueueOf(subscription.queue));
        depths[subscription.spec.group] = messageCount;
      }
    } catch {
      // A queue gone meanwhile: the figures read so far stand.
    } finally {
      await channel.close().catch(() => {});
    }
    return depths;
  }

  /** Connects once; if the broker is away, keeps trying in the background (readiness says so). */
  start(): Promise<void> {
    return this.connection.start();
  }

  isConnected(): boolean {
    return this.publisher.isOpen();
  }

  onReconnected(listener: () => void): void {
    this.connection.onReconnected(listener);
  }

  /** Resolves when connected (for start-up and tests); rejects after the timeout. */
  waitUntilConnected(timeoutMs = 10_000): Promise<void> {
    if (this.isConnected()) return Promise.resolve();
    return this.connection.nextConnection(timeoutMs);
  }

  publish(events: EventEnvelope[], traces?: ReadonlyArray<TraceHeaders | undefined>): Promise<void> {
    return this.publisher.publish(events, traces);
  }

  subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    return this.subscriber.subscribe(spec);
  }

  /** The durable queues this bus declared (tools and tests remove them from shared brokers). */
  declaredQueues(): string[] {
    return this.subscriber.declaredQueues();
  }

  /** The exchanges every bus declares. */
  exchanges(): string[] {
    return [this.settings.exchange, this.settings.deadExchange];
  }

  async close(): Promise<void> {
    this.unwatchDeadLetters();
    this.connection.beginClosing();
    await this.subscriber.cancelAll();
    await this.publisher.close();
    await this.connection.disconnect();
  }
}
