import {
  type EventData,
  type EventDefinition,
  type EventEnvelope,
  type EventOf,
  type EventRegistry,
  eventOf,
  eventRegistry,
} from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createJwksVerifier, type TokenVerifier } from '../auth/tokens';
import { RabbitMqEventBus } from '../bus/rabbitmq';
import type { DeliveryContext, EventBus, Subscription } from '../bus/types';
import type { Transaction } from '../db/client';
import { createDatabase, type Database, type DatabaseHandle, type Executor } from '../db/client';
import { runMigrations } from '../db/migrate';
import { whenDatabaseAnswers } from '../db/reachable';
import { type Unwatch, watchBusConnection, watchOutbox, watchPool } from '../metrics';
import { createEvent, type EventMeta } from '../outbox/events';
import { idempotent, type TransactionalHandler } from '../outbox/inbox';
import { publishToOutbox } from '../outbox/outbox';
import { OutboxRelay } from '../outbox/relay';
import { postgresClusterLock } from './cluster-lock';
import { type JobSpec, Jobs } from './jobs';

export interface ServiceRuntimeOptions<TSchema extends Record<string, unknown>> {
  /** Service name: the source of its events and the prefix of its consumer groups. */
  name: string;
  databaseUrl: string;
  schema: TSchema;
  migrationsFolder: string;
  logger: Logger;
  /** A bus owned by someone else (embedded run, tests); otherwise one is made from amqpUrl. */
  bus?: EventBus;
  amqpUrl?: string;
  jwksUrl?: string;
  /** A verifier owned by someone else (tests sign their own tokens). */
  verifier?: TokenVerifier;
  registry?: EventRegistry;
  poolMax?: number;
  relay?: { sweepIntervalMs?: number };
  /** How long a start waits for an unreachable database, retrying with backoff (default 2 min). */
  databaseWait?: { waitMs?: number; firstMs?: number; maxMs?: number };
}

function requireJwksUrl(options: { name: string; jwksUrl?: string }): string {
  if (!options.jwksUrl) throw new Error(`${options.name}: a JWKS URL or a token verifier is required`);
  return options.jwksUrl;
}

/** What domain code needs to change a service's state and publish about it: its database and outbox. */
export type EventWriter<TSchema extends Record<string, unknown>> = Pick<
  ServiceRuntime<TSchema>,
  'db' | 'publish' | 'event'
>;

/**
 * An EventWriter on a database alone, without the rest of a runtime (no bus, no relay, no
 * migrations): for a process that changes a service's state from outside it, such as the operator
 * command. What it publishes waits in the outbox, and the service's own relay sends it.
 */
export function outboxWriter<TSchema extends Record<string, unknown>>(
  name: string,
  db: Database<TSchema>,
  registry: EventRegistry = eventRegistry,
): EventWriter<TSchema> {
  return {
    db,
    publish: (tx, events) => publishToOutbox(tx as Executor, registry, events),
    event: (definition, data, meta) => createEvent(definition, data, name, meta),
  };
}

interface ConsumerSpec {
  group: string;
  patterns: string[];
  handler: TransactionalHandler<Record<string, unknown>>;
}

/**
 * What a service runs on: its database (migrated at start), the event bus, the outbox with its relay,
 * and inbox-guarded consumers. Start and close in the right order for a graceful shutdown.
 */
export class ServiceRuntime<TSchema extends Record<string, unknown>> {
  readonly name: string;
  readonly logger: Logger;
  readonly registry: EventRegistry;
  readonly bus: EventBus;
  readonly verifier: TokenVerifier;
  private readonly database: DatabaseHandle<TSchema>;
  private readonly relay: OutboxRelay;
  private readonly ownsBus: boolean;
  private readonly consumers: ConsumerSpec[] = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly extraReadiness = new Map<string, () => boolean | Promise<boolean>>();
  private readonly jobs: Jobs;
  private started = false;
  private closed = false;
  /** Its pools and outbox in the process's metrics, until it closes. */
  private readonly watched: Unwatch[];

  private constructor(
    options: ServiceRuntimeOptions<TSchema>,
    database: DatabaseHandle<TSchema>,
    bus: EventBus,
    ownsBus: boolean,
  ) {
    this.name = options.name;
    this.logger = options.logger;
    this.registry = options.registry ?? eventRegistry;
    this.database = database;
    this.bus = bus;
    this.ownsBus = ownsBus;
    this.verifier = options.verifier ?? createJwksVerifier(requireJwksUrl(options));
    this.jobs = new Jobs(
      options.logger.child({ component: 'jobs' }),
      postgresClusterLock(options.databaseUrl, `${options.name}:job`),
      options.name,
    );
    this.watched = [
      watchPool(this.name, database.pool),
      watchOutbox(this.name, database.pool),
      watchBusConnection(this.name, () => bus.isConnected()),
    ];
    this.relay = new OutboxRelay({
      pool: database.pool,
      databaseUrl: options.databaseUrl,
      bus,
      logger: options.logger.child({ component: 'outbox-relay' }),
      sweepIntervalMs: options.relay?.sweepIntervalMs,
    });
  }

  static async create<TSchema extends Record<string, unknown>>(
    options: ServiceRuntimeOptions<TSchema>,
  ): Promise<ServiceRuntime<TSchema>> {
    await whenDatabaseAnswers(
      () => runMigrations(options.databaseUrl, options.migrationsFolder, options.name),
      {
        url: options.databaseUrl,
        logger: options.logger,
        ...options.databaseWait,
      },
    );
    const database = createDatabase(options.databaseUrl, options.schema, {
      max: options.poolMax,
      applicationName: options.name,
    });
    let bus = options.bus;
    const ownsBus = !bus;
    if (!bus) {
      if (!options.amqpUrl) {
        await database.close();
        throw new Error(`${options.name}: AMQP_URL is required when no event bus is given`);
      }
      bus = new RabbitMqEventBus({
        url: options.amqpUrl,
        registry: options.registry ?? eventRegistry,
        logger: options.logger.child({ component: 'event-bus' }),
        connectionName: options.name,
      });
    }
    return new ServiceRuntime(options, database, bus, ownsBus);
  }

  get db(): Database<TSchema> {
    return this.database.db;
  }

  get pool() {
    return this.database.pool;
  }

  /** The database for statements prepared once, which PostgreSQL plans once (see DatabaseHandle). */
  get preparedDb(): Database<TSchema> {
    return this.database.prepared;
  }

  /** Builds an event of this service. */
  event<D extends EventDefinition>(
    definition: D,
    data: EventData<D>,
    meta?: EventMeta,
  ): EventEnvelope<D['type'], EventData<D>> {
    return createEvent(definition, data, this.name, meta);
  }

  /** Writes events to the outbox inside the caller's transaction. */
  publish(tx: Executor<TSchema>, events: EventEnvelope | EventEnvelope[]): Promise<void> {
    return publishToOutbox(tx as Executor, this.registry, events);
  }

  /**
   * Registers a consumer group `<service>.<purpose>`: a durable queue bound to the given event types,
   * whose handler runs in a transaction together with its inbox record and sees each event typed by
   * its definition.
   */
  consume<const D extends readonly EventDefinition[]>(
    purpose: string,
    definitions: D,
    handler: (event: EventOf<D[number]>, tx: Transaction<TSchema>, context: DeliveryContext) => Promise<void>,
  ): void {
    if (this.started) throw new Error('consumers must be registered before the service starts');
    const typed: TransactionalHandler<TSchema> = async (event, tx, context) => {
      const known = eventOf(definitions, event);
      if (known) await handler(known, tx, context);
    };
    this.consumers.push({
      group: `${this.name}.${purpose}`,
      patterns: definitions.map((d) => d.type),
      handler: typed as unknown as TransactionalHandler<Record<string, unknown>>,
    });
  }

  /** Registers background work the runtime starts with the service and stops before it closes. */
  job(spec: JobSpec): void {
    this.jobs.add(spec);
  }

  /** Resolves once the named job's first run has ended, or after the timeout. */
  jobFirstRun(name: string, timeoutMs: number): Promise<void> {
    return this.jobs.firstRun(name, timeoutMs);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.ownsBus) await this.bus.start();
    for (const consumer of this.consumers) {
      this.subscriptions.push(
        await this.bus.subscribe({
          group: consumer.group,
          patterns: consumer.patterns,
          handler: idempotent(this.db as unknown as Database, consumer.group, consumer.handler),
        }),
      );
    }
    await this.relay.start();
    this.jobs.start();
  }

  /** Stops the outbox relay publishing (the batch in flight committed) until `resumeRelay`. */
  pauseRelay(): Promise<void> {
    return this.relay.pause();
  }

  resumeRelay(): void {
    this.relay.resume();
  }

  /** Publishes every due outbox row now (tests; shutdown does it too). */
  flushOutbox(): Promise<void> {
    return this.relay.flush();
  }

  /** Adds a part that must answer before the service counts as ready (e.g. a payment provider). */
  private readonly afterHandlers: Array<() => Promise<void> | void> = [];

  addReadinessCheck(name: string, check: () => boolean | Promise<boolean>): void {
    this.extraReadiness.set(name, check);
  }

  /**
   * Ready when it can serve: its own database answers (and any check added). Not the bus: while the
   * broker is away, reads are served, writes wait in the outbox and leave once it is back, so a
   * broker outage must not take every replica out of service (`health()` reports it instead).
   */
  async readiness(): Promise<Record<string, boolean>> {
    const database = await this.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
    const extra = await Promise.all(
      [...this.extraReadiness].map(
        async ([name, check]) => [name, await Promise.resolve(check()).catch(() => false)] as const,
      ),
    );
    return { database, ...Object.fromEntries(extra) };
  }

  /** The bus's state, for `/health`: `connected`, or `disconnected` while it reconnects. */
  health(): Record<string, string> {
    return { bus: this.bus.isConnected() ? 'connected' : 'disconnected' };
  }

  /**
   * Registers something the handlers use (a mail transport, say) to be closed once no handler
   * can run any more — after consuming stopped, before the bus and the pool go.
   */
  closeAfterHandlers(close: () => Promise<void> | void): void {
    this.afterHandlers.push(close);
  }

  /** Stops consuming (handlers in flight finish), flushes the outbox, disconnects, closes the pool. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.jobs.stop();
    await Promise.all(this.subscriptions.map((s) => s.cancel()));
    // Last registered, first closed: a resource may depend on one registered before it.
    for (const close of this.afterHandlers.splice(0).reverse())
      await Promise.resolve(close()).catch((err) =>
        this.logger.warn({ err: (err as Error).message }, 'runtime: closing a resource failed'),
      );
    await this.relay.stop();
    if (this.ownsBus) await this.bus.close();
    for (const unwatch of this.watched.splice(0)) unwatch();
    await this.database.close();
  }
}
