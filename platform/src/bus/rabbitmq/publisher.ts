import type { EventEnvelope } from '@linksmate/proto';
import type { ChannelModel, ConfirmChannel, Options } from 'amqplib';
import { currentTraceHeaders, type TraceHeaders } from '../../tracing';
import type { RabbitMqConnection } from './connection';
import type { RabbitMqSettings } from './settings';

/** Publishes one message and resolves once the broker has confirmed it; rejects after the timeout. */
export function publishConfirmed(
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
 * The bus's publishing side: one confirm channel per connection, opened once every consumer is
 * attached (the bus counts as connected from then), persistent messages confirmed by the broker.
 */
export class RabbitMqPublisher {
  /** Made while the connection is set up; publishing goes through it once `open` is called. */
  private prepared?: ConfirmChannel;
  private channel?: ConfirmChannel;

  constructor(
    private readonly settings: RabbitMqSettings,
    private readonly connection: RabbitMqConnection,
  ) {}

  /** Makes the publish channel on a fresh connection and declares the exchanges. */
  async prepare(connection: ChannelModel): Promise<void> {
    const channel = await connection.createConfirmChannel();
    channel.on('error', (err: Error) =>
      this.settings.logger.warn({ err: err.message }, 'event bus: publish channel error'),
    );
    await channel.assertExchange(this.settings.exchange, 'topic', { durable: true });
    await channel.assertExchange(this.settings.deadExchange, 'direct', { durable: true });
    this.prepared = channel;
  }

  open(connection: ChannelModel): void {
    const channel = this.prepared!;
    this.prepared = undefined;
    this.channel = channel;
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined;
      // A channel closed by an error on a live connection: start over on a fresh connection.
      if (this.connection.current === connection && !this.connection.closing) {
        connection.close().catch(() => {});
      }
    });
  }

  isOpen(): boolean {
    return !!this.channel;
  }

  lost(): void {
    this.channel = undefined;
  }

  async publish(events: EventEnvelope[], traces?: ReadonlyArray<TraceHeaders | undefined>): Promise<void> {
    const channel = this.channel;
    if (!channel) throw new Error('event bus: not connected');
    const current = traces ? undefined : currentTraceHeaders();
    await Promise.all(
      events.map((event, i) => {
        // The trace context rides in the headers (OpenTelemetry's messaging convention), not in
        // the envelope, whose schema a consumer of an older release would hold it against.
        const trace = traces ? traces[i] : current;
        return publishConfirmed(
          channel,
          this.settings.exchange,
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
            ...(trace ? { headers: { ...trace } } : {}),
          },
          this.settings.confirmTimeoutMs,
        );
      }),
    );
  }

  async close(): Promise<void> {
    await this.channel?.close().catch(() => {});
    this.channel = undefined;
  }
}
