import { and, asc, count, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outbox } from '../db/tables';

export interface OutboxBackingOff {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
}

export interface OutboxStatus {
  /** Events not yet confirmed by the broker. */
  pending: number;
  /** Seconds since the oldest of them was written, by the database's clock; null when none. */
  oldestPendingSeconds: number | null;
  /** Pending events the relay failed to publish at least once, and now waits before trying again. */
  backingOffCount: number;
  /** The oldest of those, at most `shown`. */
  backingOff: OutboxBackingOff[];
  sentLastHour: number;
}

/** How a service's outbox stands (operators; the relay keeps sent rows a week). */
export async function outboxStatus(db: Executor, options: { shown?: number } = {}): Promise<OutboxStatus> {
  const [pending] = await db
    .select({
      n: count(),
      oldestSeconds: sql<number | null>`extract(epoch from now() - min(${outbox.createdAt}))::float8`,
      backingOff: sql<number>`count(*) filter (where ${outbox.attempts} > 0)::int`,
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  const backingOff = await db
    .select({
      id: outbox.id,
      type: outbox.type,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), gt(outbox.attempts, 0)))
    .orderBy(asc(outbox.seq))
    .limit(options.shown ?? 10);
  const [sent] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(isNotNull(outbox.sentAt), sql`${outbox.sentAt} > now() - interval '1 hour'`));
  return {
    pending: pending?.n ?? 0,
    oldestPendingSeconds: pending?.oldestSeconds ?? null,
    backingOffCount: pending?.backingOff ?? 0,
    backingOff,
    sentLastHour: sent?.n ?? 0,
  };
}
