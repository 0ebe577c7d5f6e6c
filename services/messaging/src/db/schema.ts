import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The messaging database: this service's tables only. */
export { inbox, outbox } from '@linksmate/platform';

/** Every attempt to deliver an e-mail, sent or refused. */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<'sent' | 'failed'>().notNull(),
    attempt: integer('attempt').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_deliveries_event_idx').on(t.eventId),
    index('email_deliveries_recipient_idx').on(t.recipient),
  ],
);
