import amqp, { type ChannelModel, type GetMessage } from 'amqplib';
import { publishConfirmed } from './publisher';

/**
 * The dead-letter queues as an operator sees them. Each consumer group's queue `<prefix><group>`
 * dead-letters to `<prefix><group>.dead` (bound on the dead-letter exchange, settings.ts): the
 * subscriber copies an invalid or exhausted event there with `x-dead-reason` and `x-error`; a quorum
 * queue's delivery limit moves a message there by the broker, with `x-death`.
 */

const DEAD_SUFFIX = '.dead';

export const deadLetterQueueOf = (consumerQueue: string) => `${consumerQueue}${DEAD_SUFFIX}`;

/** The consumer queue whose dead letters `deadQueue` holds. */
export function consumerQueueOf(deadQueue: string): string {
  if (!deadQueue.endsWith(DEAD_SUFFIX)) throw new Error(`${deadQueue} is not a dead-letter queue`);
  return deadQueue.slice(0, -DEAD_SUFFIX.length);
}

type Headers = Record<string, unknown>;

/**
 * What the subscriber adds when it dead-letters: when the event first died (kept across replays)
 * and how many times it has.
 */
export function deathRecord(headers: Headers, now = new Date()): Headers {
  return {
    'x-first-dead-at':
      typeof headers['x-first-dead-at'] === 'string' ? headers['x-first-dead-at'] : now.toISOString(),
    'x-dead-count': (Number(headers['x-dead-count']) || 0) + 1,
  };
}

/** Set by the bus for one life of a delivery; a replayed event starts over without them. */
const DELIVERY_HEADERS = ['x-attempt', 'x-last-error', 'x-dead-reason', 'x-error', 'x-delivery-count'];

export interface DeadLetteredMessage {
  deadQueue: string;
  consumerQueue: string;
  /** From the envelope (or the message id when the body is not an event). */
  eventId: string | null;
  type: string | null;
  occurredAt: string | null;
  /** `invalid` or `exhausted` (the subscriber), or the broker's `x-death` reason (`delivery_limit`…). */
  reason: string;
  error: string | null;
  /** How many times it was dead-lettered. */
  deaths: number;
  firstDeadAt: string | null;
  /** The event as published, or null when the body is not JSON. */
  envelope: Record<string, unknown> | null;
}

interface XDeath {
  count?: number;
  reason?: string;
  queue?: string;
  time?: unknown;
}

function timeOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value * 1000);
  if (value && typeof value === 'object' && 'value' in value)
    return timeOf((value as { value: unknown }).value);
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value);
  return null;
}

export function describeDeadLetter(deadQueue: string, message: GetMessage): DeadLetteredMessage {
  const headers: Headers = message.properties.headers ?? {};
  let envelope: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(message.content.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      envelope = parsed as Record<string, unknown>;
  } catch {}
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const consumerQueue = consumerQueueOf(deadQueue);
  // The broker's own record also counts each wait in a retry queue (expired there): not deaths.
  const brokerDeaths = ((Array.isArray(headers['x-death']) ? headers['x-death'] : []) as XDeath[]).filter(
    (death) => death.queue === consumerQueue,
  );
  const subscriberDeaths = Number(headers['x-dead-count']) || (headers['x-dead-reason'] ? 1 : 0);
  const firstDeaths = [timeOf(headers['x-first-dead-at']), ...brokerDeaths.map((d) => timeOf(d.time))].filter(
    (d): d is Date => d !== null,
  );
  const firstDeadAt = firstDeaths.length ? new Date(Math.min(...firstDeaths.map((d) => d.getTime()))) : null;
  return {
    deadQueue,
    consumerQueue,
    eventId: text(envelope?.id) ?? text(message.properties.messageId),
    type: text(envelope?.type) ?? text(message.properties.type),
    occurredAt: text(envelope?.occurredAt),
    reason: text(headers['x-dead-reason']) ?? text(brokerDeaths[0]?.reason) ?? 'unknown',
    error: text(headers['x-error']),
    deaths: subscriberDeaths + brokerDeaths.reduce((sum, d) => sum + (Number(d.count) || 0), 0),
    firstDeadAt: firstDeadAt?.toISOString() ?? null,
    envelope,
  };
}

export type DeadLetterAction = 'replay' | 'drop';

/**
 * Reads and settles dead letters on one connection of its own. Nothing here consumes: messages are
 * fetched one at a time without acknowledging them, and those not acted on go back, in their place,
 * when the channel closes.
 */
export class DeadLetterQueues {
  private constructor(
    private readonly connection: ChannelModel,
    private readonly confirmTimeoutMs: number,
  ) {}

  static async connect(url: string, options: { confirmTimeoutMs?: number } = {}): Promise<DeadLetterQueues> {
    const connection = await amqp.connect(url, { clientProperties: { connection_name: 'linksmate-ops' } });
    connection.on('error', () => {});
    return new DeadLetterQueues(connection, options.confirmTimeoutMs ?? 10_000);
  }

  /** How many messages `queue` holds; undefined when it does not exist (its consumer never ran). */
  async depth(queue: string): Promise<number | undefined> {
    // A passive declare of a missing queue closes its channel: each check has one of its own.
    const channel = await this.connection.createChannel();
    channel.on('error', () => {});
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } catch {
      return undefined;
    } finally {
      await channel.close().catch(() => {});
    }
  }

  /** Up to `limit` dead letters of `deadQueue`, oldest first, all left where they are. */
  async peek(deadQueue: string, limit: number): Promise<DeadLetteredMessage[]> {
    const depth = await this.depth(deadQueue);
    if (!depth) return [];
    const channel = await this.connection.createChannel();
    try {
      const found: DeadLetteredMessage[] = [];
      while (found.length < Math.min(limit, depth)) {
        const message = await channel.get(deadQueue, { noAck: false });
        if (!message) break;
        found.push(describeDeadLetter(deadQueue, message));
      }
      return found;
    } finally {
      // Unacknowledged, they return to the queue in their order.
      await channel.close().catch(() => {});
    }
  }

  /**
   * Replays or drops the dead letters of `deadQueue` that `selected` picks, among those there now.
   * A replay sends the message straight to its consumer's queue (not through the topic exchange,
   * which would hand it to every group bound to its type, live sockets included) with its delivery
   * headers cleared, so the consumer gets its full attempts again; the consumer's inbox ignores it
   * if it had handled it after all. A message leaves the dead-letter queue only once the broker
   * has confirmed its replay.
   */
  async settle(
    deadQueue: string,
    action: DeadLetterAction,
    selected: (message: DeadLetteredMessage) => boolean,
  ): Promise<DeadLetteredMessage[]> {
    const depth = await this.depth(deadQueue);
    if (!depth) return [];
    const consumerQueue = consumerQueueOf(deadQueue);
    if (action === 'replay' && (await this.depth(consumerQueue)) === undefined)
      throw new Error(
        `${consumerQueue} does not exist: start its consumer (it declares the queue), then replay`,
      );
    const channel = await this.connection.createConfirmChannel();
    const settled: DeadLetteredMessage[] = [];
    try {
      // Only what is there now: a replayed event that fails again comes back behind them.
      for (let i = 0; i < depth; i++) {
        const message = await channel.get(deadQueue, { noAck: false });
        if (!message) break;
        const described = describeDeadLetter(deadQueue, message);
        if (!selected(described)) continue;
        if (action === 'replay') {
          const headers = { ...(message.properties.headers ?? {}) };
          for (const name of DELIVERY_HEADERS) delete headers[name];
          headers['x-replayed-at'] = new Date().toISOString();
          await publishConfirmed(
            channel,
            '',
            consumerQueue,
            message.content,
            { ...message.properties, headers, persistent: true },
            this.confirmTimeoutMs,
          );
        }
        channel.ack(message);
        settled.push(described);
      }
    } finally {
      await channel.close().catch(() => {});
    }
    return settled;
  }

  async close(): Promise<void> {
    await this.connection.close().catch(() => {});
  }
}
