import type { MembershipNoticeChange, PaymentPurpose } from '@linksmate/proto';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The payments database: this service's tables only. */
// Idempotency keys back the routes declared `idempotent` (platform).
export { idempotencyKeys, inbox, outbox } from '@linksmate/platform';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The provider's price for each plan (found by lookup key, created if missing). */
export const providerPrices = pgTable('provider_prices', {
  planId: text('plan_id').primaryKey(),
  priceId: text('price_id').notNull(),
  unitAmount: integer('unit_amount').notNull(),
  currency: text('currency').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** People as payments knows them, projected from identity's events. */
export const users = pgTable('users', {
  id: integer('id').primaryKey(),
  email: text('email').notNull(),
  username: text('username').notNull(),
  version: integer('version').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    userId: integer('user_id').primaryKey(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_provider_key').on(t.providerCustomerId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    providerSubscriptionId: text('provider_subscription_id').primaryKey(),
    userId: integer('user_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    trialEndsAt: at('trial_ends_at'),
    currentPeriodEndsAt: at('current_period_ends_at'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: at('ended_at'),
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    hadTrial: boolean('had_trial').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** The membership of each user, paid or granted: what identity and the gate rely on. */
export const memberships = pgTable('memberships', {
  userId: integer('user_id').primaryKey(),
  type: text('type'),
  status: text('status'),
  planId: text('plan_id'),
  trialEndsAt: at('trial_ends_at'),
  currentPeriodEndsAt: at('current_period_ends_at'),
  endsAt: at('ends_at'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  source: text('source').$type<'purchase' | 'grant'>().notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  providerCustomerId: text('provider_customer_id'),
  version: integer('version').notNull().default(1),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each notice that a membership renews or ends soon (docs/product.md#reminders), written in the
 * transaction that publishes it: once per person, change and date, however many replicas look (a
 * new period has a new date, so it is told anew).
 */
export const membershipNotices = pgTable(
  'membership_notices',
  {
    userId: integer('user_id').notNull(),
    change: text('change').$type<MembershipNoticeChange>().notNull(),
    dueAt: at('due_at').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.change, t.dueAt] })],
);

/** One-time and subscription payments, by the provider's payment intent. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentIntentId: text('provider_payment_intent_id').notNull(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    planId: text('plan_id'),
    amount: integer('amount').notNull(),
    gstAmount: integer('gst_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    metadata: jsonb('metadata')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_intent_key').on(t.paymentIntentId), index('payments_user_idx').on(t.userId)],
);

/** Every provider webhook event, once (docs/product.md#admin-calls transactions). */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    stripeEventId: text('stripe_event_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull().default(0),
    currency: text('currency').notNull().default('aud'),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    description: text('description'),
    /** The provider's payment intent the event is about, and for event payments their event and booking. */
    paymentIntentId: text('payment_intent_id'),
    eventId: integer('event_id'),
    bookingId: integer('booking_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_event_key').on(t.stripeEventId),
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_email_idx').on(t.userEmail),
  ],
);
