import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TraceHeaders } from '../tracing';

/**
 * Events waiting to leave, written in the same transaction as the change that caused them
 * (transactional outbox). Every service's schema re-exports this table.
 */
export const outbox = pgTable(
  'outbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    type: text('type').notNull(),
    envelope: jsonb('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * The W3C trace context of the transaction that wrote the event (null while tracing is off): the
     * relay sends it in the message's headers, so the consumer's span joins that trace.
     */
    traceContext: jsonb('trace_context').$type<TraceHeaders>(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.nextAttemptAt, t.seq).where(sql`${t.sentAt} is null`),
    index('outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * Events a consumer group has handled. The id is recorded in the same transaction as the handler's
 * effect, so a redelivered event changes nothing.
 */
export const inbox = pgTable(
  'inbox',
  {
    eventId: uuid('event_id').notNull(),
    consumer: text('consumer').notNull(),
    eventType: text('event_type').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] }), index('inbox_handled_at_idx').on(t.handledAt)],
);

/**
 * Requests made with an `Idempotency-Key`, per person: the first runs, repeats get its answer. A
 * service whose routes are `idempotent` re-exports this table from its schema.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_progress' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** When a row was made and last changed: the pair most tables of every service carry. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
