import type { EventEnvelope, EventRegistry } from '@linksmate/proto';
import amqp, { type ChannelModel, type ConfirmChannel, type ConsumeMessage, type Options } from 'amqplib';
import type { Logger } from 'pino';
import { EventDispatcher } from './dispatch';
import {
  DEFAULT_RETRY_POLICY,
  type EventBus,
  type RetryPolicy,
  retryDelay,
  type Subscription,
  type SubscriptionSpec,
} from './types';

export interface RabbitMqBusOptions {
  url: string;
  registry: EventRegistry;
  logger: Logger;
  /** The topic exchange every event is published to. */
  exchange?: string;
  /** Prefix of durable queue names, `linksmate.` by default; tests use their own. */
  queuePrefix?: string;
  retry?: RetryPolicy;
  prefetch?: number;
  /** Reconnection backoff bounds. */
  reconnect?: { initialMs: number; maxMs: number };
  /** Redeliveries a quorum queue allows before dead-lettering (guards against crash loops). */
  deliveryLimit?: number;
  connectionName?: string;
  /** How long a publish may wait for the broker's confirmation. */
  confirmTimeoutMs?: number;
}

interface ActiveSubscription {
  spec: SubscriptionSpec;
  queue?: string;
  channel?: ConfirmChannel;
  consumerTag?: string;
  dispatcher: EventDispatcher;
  /** Deliveries being handled and then settled (retried, dead-lettered, acknowledged). */
  settling: Set<Promise<void>>;
  cancelled: boolean;
}

const DEAD_EXCHANGE_SUFFIX = '.dead';

function versionAtLeast(version: unknown, major: number, minor: number): boolean {
  const match = /^(\d+)\.(\d+)/.exec(String(version ?? ''));
  if (!match) return false;
  const [maj, min] = [Number(match[1]), Number(match[2])];
  return maj > major || (maj === major && min >= minor);
}

/** Heartbeats notice a silently dead connection within seconds; the URL may set its own. */
function withHeartbeat(url: string, seconds = 5): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', String(seconds));
  return parsed.toString();
}

function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('publish not confirmed in time')), timeoutMs);
    try {
      channel.publish(exchange, routingKey, content, options, (err) => {
        clearTimeout(timer);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve();
      });
    } catch (err) {
      clearTimeout(timer);
      reject(err);
    }
  });
}

/**
 * RabbitMQ adapter (amqplib): topic exchange, confirm channels, persistent messages, one durable
 * queue per consumer group (quorum where the broker supports it), manual acks, bounded prefetch,
 * delayed retry through TTL queues, a dead-letter exchange, and reconnection that re-declares the
 * topology and resumes every consumer.
 */
export class RabbitMqEventBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  private readonly exchange: string;
  private readonly deadExchange: string;
  private readonly queuePrefix: string;
  private readonly retry: RetryPolicy;
  private readonly prefetch: number;
  private readonly reconnect: { initialMs: number; maxMs: number };
  private readonly deliveryLimit: number;
  private readonly confirmTimeoutMs: number;
  private connection?: ChannelModel;
  private publishChannel?: ConfirmChannel;
  private readonly subscriptions = new Set<ActiveSubscription>();
  private closing = false;
  private connecting?: Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  private reconnectAttempt = 0;
  private quorum = false;
  private readonly connectedWaiters = new Set<() => void>();
  private readonly declared = new Set<string>();
  private readonly reconnectedListeners = new Set<() => void>();
  private everConnected = false;

  constructor(private readonly options: RabbitMqBusOptions) {
    this.exchange = options.exchange ?? 'linksmate.events';
    this.deadExchange = `${this.exchange}${DEAD_EXCHANGE_SUFFIX}`;
    this.queuePrefix = options.queuePrefix ?? 'linksmate.';
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.prefetch = options.prefetch ?? 16;
    this.reconnect = options.reconnect ?? { initialMs: 100, maxMs: 5_000 };
    this.deliveryLimit = options.deliveryLimit ?? 20;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 10_000;
  }

  private get log(): Logger {
    return this.options.logger;
  }

  /** Connects once; if the broker is away, keeps trying in the background (readiness says so). */
  async start(): Promise<void> {
    this.closing = false;
    try {
      await this.connect();
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'event bus: broker unreachable, will keep trying');
      this.scheduleReconnect();
    }
  }

  isConnected(): boolean {
    return !!this.publishChannel;
  }

  onReconnected(listener: () => void): void {
    this.reconnectedListeners.add(listener);
  }

  /** Resolves when connected (for start-up and tests); rejects after the timeout. */
  waitUntilConnected(timeoutMs = 10_000): Promise<void> {
    if (this.isConnected()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.connectedWaiters.delete(done);
        reject(new Error('event bus: not connected in time'));
      }, timeoutMs);
      this.connectedWaiters.add(done);
    });
  }

  private connect(): Promise<void> {
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async doConnect(): Promise<void> {
    const connection = await amqp.connect(withHeartbeat(this.options.url), {
      clientProperties: { connection_name: this.options.connectionName ?? 'linksmate' },
    });
    connection.on('error', (err: Error) =>
      this.log.warn({ err: err.message }, 'event bus: connection error'),
    );
    connection.on('blocked', (reason: string) =>
      this.log.warn({ reason }, 'event bus: broker blocked publishing'),
    );
    connection.on('close', () => this.onConnectionLost(connection));
    try {
      this.quorum = versionAtLeast(connection.connection.serverProperties.version, 3, 8);
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: Error) =>
        this.log.warn({ err: err.message }, 'event bus: publish channel error'),
      );
      await channel.assertExchange(this.exchange, 'topic', { durable: true });
      await channel.assertExchange(this.deadExchange, 'direct', { durable: true });
      this.connection = connection;
      for (const subscription of this.subscriptions) {
        if (!subscription.cancelled) await this.attach(subscription, connection);
      }
      this.publishChannel = channel;
      channel.on('close', () => {
        if (this.publishChannel === channel) this.publishChannel = undefined;
        // A channel closed by an error on a live connection: start over on a fresh connection.
        if (this.connection === connection && !this.closing) connection.close().catch(() => {});
      });
    } catch (err) {
      await connection.close().catch(() => {});
      throw err;
    }
    this.reconnectAttempt = 0;
    this.log.info({ quorum: this.quorum }, 'event bus: connected');
    for (const waiter of this.connectedWaiters) waiter();
    this.connectedWaiters.clear();
    if (this.everConnected) for (const listener of this.reconnectedListeners) listener();
    this.everConnected = true;
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (this.connection !== connection && this.connection !== undefined) return;
    this.connection = undefined;
    this.publishChannel = undefined;
    for (const subscription of this.subscriptions) {
      subscription.channel = undefined;
      subscription.consumerTag = undefined;
    }
    if (!this.closing) {
      this.log.warn('event bus: connection lost, reconnecting');
      this.scheduleReconnect();
    }
  }

  /** Exponential, from the initial to the maximum reconnection delay. */
  private backoffMs(attempt: number): number {
    return Math.min(this.reconnect.maxMs, this.reconnect.initialMs * 2 ** attempt);
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    const delay = Math.round(this.backoffMs(this.reconnectAttempt) * (0.8 + Math.random() * 0.4));
    this.reconnectAttempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((err) => {
        this.log.debug({ err: (err as Error).message }, 'event bus: reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    const channel = this.publishChannel;
    if (!channel) throw new Error('event bus: not connected');
    await Promise.all(
      events.map((event) =>
        publishConfirmed(
          channel,
          this.exchange,
          event.type,
          Buffer.from(JSON.stringify(event)),
          {
            persistent: true,
            contentType: 'application/json',
            messageId: event.id,
            type: event.type,
            correlationId: event.correlationId,
            appId: event.source,
            timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
          },
          this.confirmTimeoutMs,
        ),
      ),
    );
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    const subscription: ActiveSubscription = {
      spec,
      cancelled: false,
      settling: new Set(),
      dispatcher: new EventDispatcher({
        group: spec.group,
        registry: this.options.registry,
        handler: spec.handler,
        logger: this.log,
        retry: this.retry,
        exclusive: !!spec.exclusive,
      }),
    };
    this.subscriptions.add(subscription);
    if (this.connection) await this.attach(subscription, this.connection);
    return {
      group: spec.group,
      cancel: () => this.cancel(subscription),
    };
  }

  private queueNameFor(spec: SubscriptionSpec): string {
    return `${this.queuePrefix}${spec.group}`;
  }

  private retryQueueName(queue: string, delayMs: number): string {
    return `${queue}.retry.${delayMs}ms`;
  }

  /** Declares the subscription's topology on a connection and starts consuming. */
  private async attach(subscription: ActiveSubscription, connection: ChannelModel): Promise<void> {
    const { spec } = subscription;
    const channel = await connection.createConfirmChannel();
    channel.on('error', (err: Error) =>
      this.log.warn({ err: err.message, group: spec.group }, 'event bus: consumer channel error'),
    );
    // The broker may close one channel and keep the connection (a protocol error, a deleted queue
    // mid-operation): this subscription alone attaches again.
    channel.on('close', () => this.detached(subscription, channel, connection));
    await channel.prefetch(spec.prefetch ?? this.prefetch);
    let queue: string;
    if (spec.exclusive) {
      queue = (await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false })).queue;
    } else {
      queue = this.queueNameFor(spec);
      await channel.assertQueue(queue, {
        durable: true,
        arguments: {
          ...(this.quorum ? { 'x-queue-type': 'quorum', 'x-delivery-limit': this.deliveryLimit } : {}),
          'x-dead-letter-exchange': this.deadExchange,
          'x-dead-letter-routing-key': queue,
        },
      });
      for (const delayMs of new Set(this.retry.delaysMs)) {
        await channel.assertQueue(this.retryQueueName(queue, delayMs), {
          durable: true,
          arguments: {
            'x-message-ttl': delayMs,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': queue,
          },
        });
      }
      const deadQueue = `${queue}.dead`;
      await channel.assertQueue(deadQueue, { durable: true });
      await channel.bindQueue(deadQueue, this.deadExchange, queue);
      for (const name of [
        queue,
        deadQueue,
        ...[...new Set(this.retry.delaysMs)].map((d) => this.retryQueueName(queue, d)),
      ]) {
        this.declared.add(name);
      }
    }
    for (const pattern of spec.patterns) await channel.bindQueue(queue, this.exchange, pattern);
    subscription.queue = queue;
    const { consumerTag } = await channel.consume(queue, (message) => {
      // The broker cancelled the consumer (its queue was deleted, or moved): declare and resume.
      if (!message) return void this.consumerCancelledByBroker(subscription, channel);
      const settled = this.onMessage(subscription, channel, queue, message);
      subscription.settling.add(settled);
      void settled.finally(() => subscription.settling.delete(settled));
    });
    // Set only now: a channel that fails while attaching is the caller's to retry, not `detached`'s.
    subscription.channel = channel;
    subscription.consumerTag = consumerTag;
    // Cancelled (or the bus closed) while attaching: nothing may consume for it any more.
    if (subscription.cancelled || this.closing) {
      subscription.channel = undefined;
      await channel.close().catch(() => {});
    }
  }

  private async consumerCancelledByBroker(subscription: ActiveSubscription, channel: ConfirmChannel) {
    if (subscription.channel !== channel) return;
    this.log.warn({ group: subscription.spec.group }, 'event bus: the broker cancelled a consumer');
    // Deliveries in hand are settled on this channel before it goes; then `detached` re-attaches.
    await Promise.allSettled([...subscription.settling]);
    await channel.close().catch(() => {});
  }

  /** A consumer channel closed: unless the connection, the bus or the subscription went, attach again. */
  private detached(
    subscription: ActiveSubscription,
    channel: ConfirmChannel,
    connection: ChannelModel,
  ): void {
    if (subscription.channel !== channel) return;
    subscription.channel = undefined;
    subscription.consumerTag = undefined;
    const reattach = (attempt: number) => {
      setTimeout(() => {
        // A lost connection re-attaches everything itself once it is back.
        if (this.closing || subscription.cancelled || subscription.channel) return;
        if (this.connection !== connection) return;
        this.log.warn(
          { group: subscription.spec.group },
          'event bus: consumer channel closed, attaching again',
        );
        this.attach(subscription, connection).catch((err) => {
          this.log.warn(
            { err: (err as Error).message, group: subscription.spec.group },
            'event bus: attach failed',
          );
          reattach(attempt + 1);
        });
      }, this.backoffMs(attempt)).unref?.();
    };
    reattach(0);
  }

  private async onMessage(
    subscription: ActiveSubscription,
    channel: ConfirmChannel,
    queue: string,
    message: ConsumeMessage,
  ): Promise<void> {
    const headers = message.properties.headers ?? {};
    const outcome = await subscription.dispatcher.handle(message.content, {
      attempt: Number(headers['x-attempt'] ?? 1) || 1,
      redelivered: message.fields.redelivered,
    });
    try {
      if (outcome.kind === 'retry') {
        await publishConfirmed(
          channel,
          '',
          this.retryQueueName(queue, retryDelay(this.retry, outcome.nextAttempt - 1)),
          message.content,
          {
            ...message.properties,
            headers: { ...headers, 'x-attempt': outcome.nextAttempt, 'x-last-error': outcome.error },
          },
          this.confirmTimeoutMs,
        );
      } else if (outcome.kind === 'dead') {
        await publishConfirmed(
          channel,
          this.deadExchange,
          queue,
          message.content,
          {
            ...message.properties,
            persistent: true,
            headers: {
              ...headers,
              'x-dead-reason': outcome.reason,
              'x-error': outcome.error,
              'x-original-routing-key': message.fields.routingKey,
            },
          },
          this.confirmTimeoutMs,
        );
      }
      channel.ack(message);
    } catch (err) {
      // The channel went away before the ack: the broker redelivers, and the inbox absorbs it.
      this.log.debug({ err: (err as Error).message }, 'event bus: could not settle delivery');
    }
  }

  private async cancel(subscription: ActiveSubscription): Promise<void> {
    if (subscription.cancelled) return;
    subscription.cancelled = true;
    const { channel, consumerTag } = subscription;
    if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => {});
    // Every handled delivery is acknowledged before the channel goes, or the broker would hand
    // it out again after a clean shutdown.
    await subscription.dispatcher.idle();
    await Promise.allSettled([...subscription.settling]);
    if (channel) await channel.close().catch(() => {});
    this.subscriptions.delete(subscription);
  }

  /** The durable queues this bus declared (tools and tests remove them from shared brokers). */
  declaredQueues(): string[] {
    return [...this.declared];
  }

  /** The exchanges every bus declares. */
  exchanges(): string[] {
    return [this.exchange, this.deadExchange];
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await Promise.all([...this.subscriptions].map((s) => this.cancel(s)));
    await this.publishChannel?.close().catch(() => {});
    const connection = this.connection;
    this.connection = undefined;
    this.publishChannel = undefined;
    await connection?.close().catch(() => {});
  }
}
