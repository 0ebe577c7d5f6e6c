import type { EventEnvelope, EventRegistry } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outbox } from '../db/tables';
import { currentTraceHeaders } from '../tracing';

export const OUTBOX_NOTIFY_CHANNEL = 'linksmate_outbox';

export class InvalidEventError extends Error {
  constructor(type: string, detail: string) {
    super(`refusing to publish invalid ${type} event: ${detail}`);
    this.name = 'InvalidEventError';
  }
}

/**
 * Writes events to the outbox inside the caller's transaction. They leave only if that transaction
 * commits; the NOTIFY wakes the relay at commit time.
 */
export async function publishToOutbox(
  tx: Executor,
  registry: EventRegistry,
  events: EventEnvelope | EventEnvelope[],
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (!list.length) return;
  for (const event of list) {
    const checked = registry.check(event);
    if (!checked.ok) {
      throw new InvalidEventError(event.type, checked.issues.map((i) => `${i.path} ${i.message}`).join('; '));
    }
  }
  // The trace the transaction is part of (a request's, a consumer's), for the consumers to join.
  const traceContext = currentTraceHeaders();
  const written = tx.insert(outbox).values(
    list.map((event) => ({
      id: event.id,
      type: event.type,
      envelope: event,
      ...(traceContext ? { traceContext } : {}),
    })),
  );
  // One statement, one round trip inside the caller's transaction: a data-modifying WITH runs once
  // whether or not the query reads it. The relay hears the notification when the transaction commits.
  await tx.execute(sql`with written as (${written.getSQL()}) select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, '')`);
}
