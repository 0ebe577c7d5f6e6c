import { randomBytes } from 'node:crypto';
import type { ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import { EventDispatcher } from '../dispatch';
import { retryDelay, type Subscription, type SubscriptionSpec } from '../types';
import type { RabbitMqConnection } from './connection';
import { deathRecord } from './dead-letters';
import { publishConfirmed } from './publisher';
import type { RabbitMqSettings } from './settings';

export interface ActiveSubscription {
  spec: SubscriptionSpec;
  queue?: string;
  channel?: ConfirmChannel;
  consumerTag?: string;
  dispatcher: EventDispatcher;
  /** Deliveries being handled and then settled (retried, dead-lettered, acknowledged). */
  settling: Set<Promise<void>>;
  cancelled: boolean;
  /** An exclusive subscription's own queue, named once and found again after a reconnection. */
  ownQueue?: string;
}

const retryQueueName = (queue: string, delayMs: number) => `${queue}.retry.${delayMs}ms`;

/**
 * The bus's consuming side: per subscription a channel with bounded prefetch, its durable queue
 * (quorum where the broker has them) with TTL retry queues and a dead-letter queue, manual acks,
 * and attaching again when the broker cancels the consumer or closes its channel.
 */
export class RabbitMqSubscriber {
  readonly subscriptions = new Set<ActiveSubscription>();
  private readonly declared = new Set<string>();

  constructor(
    private readonly settings: RabbitMqSettings,
    private readonly connection: RabbitMqConnection,
  ) {}

  private get log() {
    return this.settings.logger;
  }

  async subscribe(spec: SubscriptionSpec): Promise<Subscription> {
    const subscription: ActiveSubscription = {
      spec,
      cancelled: false,
      settling: new Set(),
      dispatcher: new EventDispatcher({
        system: 'rabbitmq',
        group: spec.group,
        registry: this.settings.registry,
        handler: spec.handler,
        logger: this.log,
        retry: this.settings.retry,
        exclusive: !!spec.exclusive,
      }),
    };
    this.subscriptions.add(subscription);
    if (this.connection.current) await this.attach(subscription, this.connection.current);
    return {
      group: spec.group,
      cancel: () => this.cancel(subscription),
    };
  }

  /** Attaches every subscription still wanted to a fresh connection. */
  async attachAll(connection: ChannelModel): Promise<void> {
    for (const subscription of this.subscriptions) {
      if (!subscription.cancelled) await this.attach(subscription, connection);
    }
  }

  /** The connection went: no subscription has a channel any more. */
  lost(): void {
    for (const subscription of this.subscriptions) {
      subscription.channel = undefined;
      subscription.consumerTag = undefined;
    }
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => this.cancel(s)));
  }

  /** The durable queues declared so far. */
  declaredQueues(): string[] {
    return [...this.declared];
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
    await channel.prefetch(spec.prefetch ?? this.settings.prefetch);
    const queue = spec.exclusive
      ? await this.declareOwnQueue(channel, subscription)
      : await this.declareGroupQueues(channel, `${this.settings.queuePrefix}${spec.group}`);
    for (const pattern of spec.patterns) await channel.bindQueue(queue, this.settings.exchange, pattern);
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
    if (subscription.cancelled || this.connection.closing) {
      subscription.channel = undefined;
      await channel.close().catch(() => {});
    }
  }

  /**
   * An exclusive subscription's queue: this process's alone (its name drawn once), but not the
   * broker's `exclusive` kind, which goes with the connection: events published while the process
   * reconnects (the services' relays may be back first) would never reach it, and its sockets would
   * miss their pushes. It outlives its connection by `exclusiveHoldMs` (`x-expires`), so the same
   * queue is found again with what arrived meanwhile; a process gone for good leaves it to expire, and
   * its messages older than that are dropped (`x-message-ttl`). A clean cancel deletes it.
   */
  private async declareOwnQueue(channel: ConfirmChannel, subscription: ActiveSubscription): Promise<string> {
    subscription.ownQueue ??= `${this.settings.queuePrefix}${subscription.spec.group}.${randomBytes(6).toString('hex')}`;
    const hold = this.settings.exclusiveHoldMs;
    await channel.assertQueue(subscription.ownQueue, {
      durable: false,
      autoDelete: false,
      exclusive: false,
      arguments: { 'x-expires': hold, 'x-message-ttl': hold },
    });
    this.declared.add(subscription.ownQueue);
    return subscription.ownQueue;
  }

  /** A consumer group's durable queue, its retry queues (one per delay) and its dead-letter queue. */
  private async declareGroupQueues(channel: ConfirmChannel, queue: string): Promise<string> {
    const { deadExchange, deliveryLimit, retry } = this.settings;
    await channel.assertQueue(queue, {
      durable: true,
      arguments: {
        ...(this.connection.quorumQueues
          ? { 'x-queue-type': 'quorum', 'x-delivery-limit': deliveryLimit }
          : {}),
        'x-dead-letter-exchange': deadExchange,
        'x-dead-letter-routing-key': queue,
      },
    });
    for (const delayMs of new Set(retry.delaysMs)) {
      await channel.assertQueue(retryQueueName(queue, delayMs), {
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
    await channel.bindQueue(deadQueue, deadExchange, queue);
    for (const name of [
      queue,
      deadQueue,
      ...[...new Set(retry.delaysMs)].map((d) => retryQueueName(queue, d)),
    ]) {
      this.declared.add(name);
    }
    return queue;
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
        if (this.connection.closing || subscription.cancelled || subscription.channel) return;
        if (this.connection.current !== connection) return;
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
      }, this.connection.backoffMs(attempt)).unref?.();
    };
    reattach(0);
  }

  /** Handles one delivery, then settles it: acknowledged, after a retry or dead-letter copy if needed. */
  private async onMessage(
    subscription: ActiveSubscription,
    channel: ConfirmChannel,
    queue: string,
    message: ConsumeMessage,
  ): Promise<void> {
    const { retry, deadExchange, confirmTimeoutMs } = this.settings;
    const headers = message.properties.headers ?? {};
    const outcome = await subscription.dispatcher.handle(
      message.content,
      { attempt: Number(headers['x-attempt'] ?? 1) || 1, redelivered: message.fields.redelivered },
      headers,
    );
    try {
      if (outcome.kind === 'retry') {
        await publishConfirmed(
          channel,
          '',
          retryQueueName(queue, retryDelay(retry, outcome.nextAttempt - 1)),
          message.content,
          {
            ...message.properties,
            headers: { ...headers, 'x-attempt': outcome.nextAttempt, 'x-last-error': outcome.error },
          },
          confirmTimeoutMs,
        );
      } else if (outcome.kind === 'dead') {
        await publishConfirmed(
          channel,
          deadExchange,
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
              ...deathRecord(headers),
            },
          },
          confirmTimeoutMs,
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
    // A process's own queue goes with it when it stops cleanly, rather than when it expires.
    if (channel && subscription.ownQueue) await channel.deleteQueue(subscription.ownQueue).catch(() => {});
    if (channel) await channel.close().catch(() => {});
    this.subscriptions.delete(subscription);
  }
}
