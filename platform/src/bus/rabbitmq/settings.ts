import type { EventRegistry } from '@linksmate/proto';
import type { Logger } from 'pino';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../types';

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
  /**
   * How long an exclusive subscription's queue outlives its connection (and keeps what is published
   * meanwhile), 2 minutes by default.
   */
  exclusiveHoldMs?: number;
}

/** The options with every default filled in, shared by the connection, publisher and subscriber. */
export interface RabbitMqSettings {
  url: string;
  registry: EventRegistry;
  logger: Logger;
  connectionName: string;
  exchange: string;
  /** Where events that cannot be handled go, bound per consumer group. */
  deadExchange: string;
  queuePrefix: string;
  retry: RetryPolicy;
  prefetch: number;
  reconnect: { initialMs: number; maxMs: number };
  deliveryLimit: number;
  confirmTimeoutMs: number;
  exclusiveHoldMs: number;
}

const DEAD_EXCHANGE_SUFFIX = '.dead';
/** Where every service's consumer queues are named from (`linksmate.<service>.<purpose>`). */
export const DEFAULT_QUEUE_PREFIX = 'linksmate.';

export function rabbitMqSettings(options: RabbitMqBusOptions): RabbitMqSettings {
  const exchange = options.exchange ?? 'linksmate.events';
  return {
    url: options.url,
    registry: options.registry,
    logger: options.logger,
    connectionName: options.connectionName ?? 'linksmate',
    exchange,
    deadExchange: `${exchange}${DEAD_EXCHANGE_SUFFIX}`,
    queuePrefix: options.queuePrefix ?? DEFAULT_QUEUE_PREFIX,
    retry: options.retry ?? DEFAULT_RETRY_POLICY,
    prefetch: options.prefetch ?? 16,
    reconnect: options.reconnect ?? { initialMs: 100, maxMs: 5_000 },
    deliveryLimit: options.deliveryLimit ?? 20,
    confirmTimeoutMs: options.confirmTimeoutMs ?? 10_000,
    exclusiveHoldMs: options.exclusiveHoldMs ?? 120_000,
  };
}
