import type { EventEnvelope } from '@linksmate/proto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { EventBus } from '../bus/types';
import { backoffMs, OutageLog } from '../outage-log';
import {
  contextFromHeaders,
  currentTraceHeaders,
  endSpan,
  type Span,
  SpanKind,
  startSpan,
  type TraceHeaders,
  tracingEnabled,
} from '../tracing';
import { OUTBOX_NOTIFY_CHANNEL } from './outbox';

export interface OutboxRelayOptions {
  pool: pg.Pool;
  /** Connection string for the LISTEN session (a pooled client cannot hold it). */
  databaseUrl: string;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** The periodic sweep catches what a missed notification or a backoff left behind. */
  sweepIntervalMs?: number;
  /** Sent rows (without their data) are kept this long for inspection, then deleted. */
  retentionMs?: number;
  /**
   * Inbox entries are kept this long, then deleted: far beyond any redelivery (retries end within
   * minutes, a relay republishes what it had not marked sent at its next start).
   */
  inboxRetentionMs?: number;
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Publishes committed outbox rows: woken by LISTEN/NOTIFY and by a periodic sweep, it claims rows
 * with SKIP LOCKED (so replicas share the work), publishes them with confirms and marks them sent;
 * on failure the rows back off exponentially and are tried again.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly sweepIntervalMs: number;
  private readonly retentionMs: number;
  private readonly inboxRetentionMs: number;
  private listener?: pg.Client;
  private listenerRetry?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  /** Pauses held (a backup taking its snapshots): while any is held, nothing is published. */
  private pauses = 0;
  private lastCleanup = 0;
  /** While the database is away, each sweep fails: logged with backoff, not every second. */
  private readonly drainOutage: OutageLog;
  private readonly listenOutage: OutageLog;
  private listenAttempts = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 1_000;
    this.retentionMs = options.retentionMs ?? 7 * DAY_MS;
    this.inboxRetentionMs = options.inboxRetentionMs ?? 30 * DAY_MS;
    this.drainOutage = new OutageLog(options.logger, 'outbox relay: drain');
    this.listenOutage = new OutageLog(options.logger, 'outbox relay: listening (sweeping only meanwhile)');
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.sweepTimer = setInterval(() => this.wake(), this.sweepIntervalMs);
    this.sweepTimer.unref();
    this.wake();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'outbox-relay',
    });
    const retry = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => {});
      // Backing off while the database is away: 1 s, 2 s, 4 s … 30 s between attempts.
      if (!this.stopped)
        this.listenerRetry = setTimeout(() => void this.listen(), backoffMs(this.listenAttempts++));
    };
    client.on('notification', () => this.wake());
    client.on('error', retry);
    client.on('end', retry);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
      this.listenAttempts = 0;
      this.listenOutage.succeeded();
    } catch (err) {
      this.listenOutage.failed(err);
      retry();
    }
  }

  /**
   * Stops publishing until `resume`: waits for the batch in flight to commit, so every outbox row is
   * either sent (and on the bus) or unsent (and still here), none in between. Pauses nest.
   */
  async pause(): Promise<void> {
    this.pauses++;
    while (this.running) await this.running;
  }

  resume(): void {
    if (this.pauses === 0) return;
    this.pauses--;
    if (this.pauses === 0 && !this.stopped) this.wake();
  }

  /** Asks for a drain; concurrent wake-ups fold into one more pass. */
  wake(): void {
    if (this.pauses) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = undefined;
    });
  }

  /** Drains everything currently due; resolves when done (for tests and shutdown). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.wake();
    await this.running;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      let published: number;
      do {
        published = await this.drainBatch().then(
          (sent) => {
            this.drainOutage.succeeded();
            return sent;
          },
          (err) => {
            this.drainOutage.failed(err);
            return 0;
          },
        );
      } while (published === this.batchSize && !this.pauses);
    } while (this.again && !this.stopped && !this.pauses);
    await this.cleanupIfDue();
  }

  /** Publishes one batch; returns how many rows it sent. */
  private async drainBatch(): Promise<number> {
    const { pool, bus, logger } = this.options;
    if (!bus.isConnected()) return 0;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{
        id: string;
        envelope: EventEnvelope;
        trace_context: TraceHeaders | null;
      }>(
        `SELECT id, envelope, trace_context FROM outbox
          WHERE sent_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (!rows.length) {
        await client.query('COMMIT');
        return 0;
      }
      const ids = rows.map((r) => r.id);
      const { traces, spans } = publishSpans(rows, bus.kind);
      let sent = 0;
      try {
        await bus.publish(
          rows.map((r) => r.envelope),
          traces,
        );
        for (const span of spans) endSpan(span);
        await client.query(
          // The data leaves with the event: it may carry secrets (link tokens) or personal details
          // that must not linger; the rest of the envelope stays for inspection.
          `UPDATE outbox SET sent_at = now(), attempts = attempts + 1, envelope = envelope - 'data'
            WHERE id = ANY($1::uuid[])`,
          [ids],
        );
        sent = rows.length;
      } catch (err) {
        for (const span of spans) endSpan(span, err);
        logger.warn(
          { err: (err as Error).message, count: rows.length },
          'outbox relay: publish failed, backing off',
        );
        await client.query(
          `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
                  next_attempt_at = now() + make_interval(secs => least(30, 0.1 * power(2, attempts)))
            WHERE id = ANY($1::uuid[])`,
          [ids, (err as Error).message.slice(0, 500)],
        );
      }
      await client.query('COMMIT');
      return sent;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  private async cleanupIfDue(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    const expired = [
      ['outbox', 'sent_at', this.retentionMs],
      ['inbox', 'handled_at', this.inboxRetentionMs],
    ] as const;
    for (const [table, column, retentionMs] of expired) {
      await this.options.pool
        .query(`DELETE FROM ${table} WHERE ${column} < now() - make_interval(secs => $1)`, [
          retentionMs / 1000,
        ])
        .catch((err) =>
          this.options.logger.warn({ err: (err as Error).message }, `outbox relay: ${table} cleanup failed`),
        );
    }
  }

  /** Stops waking up and publishes what is still due, if the bus is there to take it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    while (this.running) await this.running;
    if (this.options.bus.isConnected()) {
      this.running = this.drainLoop();
      await this.running;
      this.running = undefined;
    }
  }
}

/**
 * The trace context each row leaves with. While tracing is on, a producer span per traced row, a
 * child of the transaction that wrote it, whose context the message carries; otherwise the stored
 * context as it is (a row written while tracing was on still joins its trace).
 */
function publishSpans(
  rows: Array<{ envelope: EventEnvelope; trace_context: TraceHeaders | null }>,
  system: string,
): {
  traces: Array<TraceHeaders | undefined>;
  spans: Span[];
} {
  if (!tracingEnabled()) return { traces: rows.map((r) => r.trace_context ?? undefined), spans: [] };
  const spans: Span[] = [];
  const traces = rows.map(({ envelope, trace_context }) => {
    if (!trace_context) return undefined;
    const started = startSpan(`publish ${envelope.type}`, {
      kind: SpanKind.PRODUCER,
      parent: contextFromHeaders(trace_context as unknown as Record<string, unknown>),
      attributes: {
        'messaging.system': system,
        'messaging.operation.type': 'send',
        'messaging.destination.name': envelope.type,
        'messaging.message.id': envelope.id,
        'messaging.message.conversation_id': envelope.correlationId,
      },
    });
    if (!started) return trace_context;
    spans.push(started.span);
    return currentTraceHeaders(started.context) ?? trace_context;
  });
  return { traces, spans };
}
