import type { EventEnvelope } from '@linksmate/proto';
import type { DeliveryContext, EventHandler } from '../bus/types';
import type { Database, Transaction } from '../db/client';
import { inbox } from '../db/tables';

export type TransactionalHandler<TSchema extends Record<string, unknown>> = (
  event: EventEnvelope,
  tx: Transaction<TSchema>,
  context: DeliveryContext,
) => Promise<void>;

/**
 * Wraps a handler so its effect and the event id commit together: a redelivered event finds its id
 * in the inbox and changes nothing; a handler that fails rolls both back and is retried.
 */
export function idempotent<TSchema extends Record<string, unknown>>(
  db: Database<TSchema>,
  consumer: string,
  handler: TransactionalHandler<TSchema>,
): EventHandler {
  return (event, context) =>
    db.transaction(async (tx) => {
      const recorded = await tx
        .insert(inbox)
        .values({ eventId: event.id, consumer, eventType: event.type })
        .onConflictDoNothing()
        .returning({ eventId: inbox.eventId });
      if (!recorded.length) return;
      await handler(event, tx, context);
    });
}
