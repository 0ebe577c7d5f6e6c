import Type from 'typebox';
import { MembershipSnapshot } from '../events/payments';
import { EVENT_PAYMENT_PURPOSES, PAGE_SIZES } from '../rules';
import { Cents, DateOnly, Id, Int, Nullable, NullableString, Text, Timestamp } from '../schema';
import { Limit, Offset } from './common';

/**
 * membership-payments' HTTP contract (docs/architecture.md#who-owns-what): plans, checkout, the admin transaction list and
 * the grants the admin service asks for.
 */

// ── Plans (docs/product.md#account-entities, #account-limits) ───────────────────────────────────────────────────
/**
 * A plan as `GET /payments/plans` serves it, with the GST the server computed. snake_case, except
 * the fields the spec itself names in camelCase (`originalPrice`, `gstExclusive`).
 */
export const Plan = Type.Object({
  id: Type.Enum(['monthly', 'annual', 'lifetime']),
  name: Type.String(),
  price: Type.Integer({ description: 'Cents, GST exclusive' }),
  originalPrice: Nullable(Type.Integer()),
  currency: Type.String(),
  interval: Type.Enum(['month', 'year', 'lifetime']),
  description: Type.String(),
  badge: NullableString,
  badge_color: NullableString,
  features: Type.Array(Type.String()),
  popular: Type.Boolean(),
  featured: Type.Boolean(),
  provider_price_id: NullableString,
  trial_days: Type.Integer(),
  gstExclusive: Type.Boolean(),
  gst_amount: Type.Integer({ description: 'GST on the price, cents' }),
  total_price: Type.Integer({ description: 'What the card is charged, GST included, cents' }),
});
export type Plan = Type.Static<typeof Plan>;

export const PlansReply = Type.Object({ plans: Type.Array(Plan) });
export type PlansReply = Type.Static<typeof PlansReply>;

/** A membership in API answers: the snapshot payments publishes, or null when there is none. */
export const MembershipResponse = Nullable(MembershipSnapshot);
export type MembershipResponse = Type.Static<typeof MembershipResponse>;

export const PaymentsConfigReply = Type.Object({
  publishable_key: Type.String(),
  /** The browser confirms cards against the simulator at this path; null with real Stripe. */
  simulator_path: NullableString,
});
export type PaymentsConfigReply = Type.Static<typeof PaymentsConfigReply>;

export const SubscriptionStatusReply = Type.Object({ status: NullableString, plan_id: NullableString });
export type SubscriptionStatusReply = Type.Static<typeof SubscriptionStatusReply>;

// ── Checkout (docs/product.md#account-calls) ────────────────────────────────────────────────────
export const CreateSubscriptionBody = Type.Object({
  plan_id: Text({ minLength: 1, maxLength: 255, description: 'The provider price id (or the plan id)' }),
  trial_days: Type.Optional(Int({ minimum: 0, maximum: 365 })),
});
export type CreateSubscriptionBody = Type.Static<typeof CreateSubscriptionBody>;

export const CreateSubscriptionReply = Type.Object({
  status: Type.String(),
  subscription_id: Type.String(),
  client_secret: NullableString,
  intent_type: Type.Union([Type.Literal('setup'), Type.Literal('payment')]),
  plan_id: Type.String(),
  trial_days: Type.Integer(),
  amount: Cents,
  gst_amount: Cents,
  currency: Type.String(),
});
export type CreateSubscriptionReply = Type.Static<typeof CreateSubscriptionReply>;

/** docs/product.md#account-calls's payload. `amount` and `currency` are accepted and ignored: prices are the server's. */
export const CreatePaymentIntentBody = Type.Object({
  amount: Type.Optional(Type.Number()),
  currency: Type.Optional(Text({ maxLength: 10 })),
  item_id: Type.Optional(Type.Union([Text({ maxLength: 255 }), Int()])),
  event_id: Type.Optional(Int({ minimum: 0, default: 0 })),
  description: Type.Optional(Text({ maxLength: 500 })),
  plan_id: Type.Optional(Text({ maxLength: 255 })),
});
export type CreatePaymentIntentBody = Type.Static<typeof CreatePaymentIntentBody>;

export const CreatePaymentIntentReply = Type.Object({
  client_secret: Type.String(),
  payment_intent_id: Type.String(),
  amount: Cents,
  gst_amount: Cents,
  currency: Type.String(),
});
export type CreatePaymentIntentReply = Type.Static<typeof CreatePaymentIntentReply>;

/**
 * An id the card provider gave (`pi_…`, `seti_…`, `sub_…`): letters, digits and underscores only, so
 * it can never reach the provider's API as another path (`/relative`, `../x`).
 */
export const ProviderId = Text({ minLength: 3, maxLength: 255, pattern: '^[A-Za-z0-9_]+$' });
export const ConfirmPaymentBody = Type.Object({
  payment_intent_id: Type.Optional(ProviderId),
  setup_intent_id: Type.Optional(ProviderId),
  subscription_id: Type.Optional(ProviderId),
  event_id: Type.Optional(Int({ minimum: 0 })),
});
export type ConfirmPaymentBody = Type.Static<typeof ConfirmPaymentBody>;

export const ConfirmPaymentReply = Type.Object({ status: Type.String(), membership: MembershipResponse });
export type ConfirmPaymentReply = Type.Static<typeof ConfirmPaymentReply>;

export const CancelSubscriptionReply = Type.Object({ membership: MembershipResponse });
export type CancelSubscriptionReply = Type.Static<typeof CancelSubscriptionReply>;

export const WebhookReply = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });
export type WebhookReply = Type.Static<typeof WebhookReply>;

// ── Admin transactions (docs/product.md#admin-calls, #admin-limits) ──────────────────────────────────────
export const TransactionsQuery = Type.Object({
  limit: Limit(PAGE_SIZES.adminTransactions),
  offset: Offset,
  status: Type.Optional(Text({ maxLength: 40 })),
  type: Type.Optional(Text({ maxLength: 80 })),
  currency: Type.Optional(Text({ maxLength: 3 })),
  dateFrom: Type.Optional(DateOnly),
  dateTo: Type.Optional(DateOnly),
  /** Cents. */
  minAmount: Type.Optional(Int({ minimum: 0 })),
  maxAmount: Type.Optional(Int({ minimum: 0 })),
  userEmail: Type.Optional(Text({ maxLength: 254 })),
});
export type TransactionsQuery = Type.Static<typeof TransactionsQuery>;

export const Transaction = Type.Object({
  id: Id,
  type: Type.String(),
  status: Type.String(),
  amount: Cents,
  currency: Type.String(),
  user_email: NullableString,
  description: NullableString,
  created_at: Timestamp,
  stripe_event_id: Type.String(),
  /** The provider's payment intent the event is about, when it is about one. */
  payment_intent_id: NullableString,
  /** For event payments and their refunds: the event and the booking (when known) they belong to. */
  event_id: Nullable(Id),
  booking_id: Nullable(Id),
});
export type Transaction = Type.Static<typeof Transaction>;

export const TransactionsReply = Type.Object({ transactions: Type.Array(Transaction), total: Int() });
export type TransactionsReply = Type.Static<typeof TransactionsReply>;

// ── Grants (internal: the admin service asks; docs/product.md#admin-validation) ────────────────────
const GrantFields = {
  membership_type: Text({ maxLength: 40 }),
  /** `N_unit` (days, weeks, months, years) with N from 1 to 12, or `lifetime`. */
  duration: Type.Optional(Text({ maxLength: 40 })),
  /** Annual grants only: the day it ends (default: a year from now). */
  expiry_date: Type.Optional(DateOnly),
};
export const GrantMembershipBody = Type.Object({ user_id: Id, ...GrantFields });
export type GrantMembershipBody = Type.Static<typeof GrantMembershipBody>;
export const GrantMembershipsBody = Type.Object({
  user_ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  ...GrantFields,
});
export type GrantMembershipsBody = Type.Static<typeof GrantMembershipsBody>;
export const GrantedMembership = Type.Object({ user_id: Id, membership: MembershipResponse });
export type GrantedMembership = Type.Static<typeof GrantedMembership>;
export const GrantedMemberships = Type.Object({ granted: Type.Array(GrantedMembership) });
export type GrantedMemberships = Type.Static<typeof GrantedMemberships>;

// ── Internal: event payments for events-bookings (never routed publicly) ─────
/**
 * `POST /internal/event-payments`: events-bookings has priced the seats and holds them; payments
 * makes the provider's intent for the person and records it. `amount` is GST-inclusive cents.
 */
export const EventPaymentIntentBody = Type.Object({
  user_id: Id,
  purpose: Type.Enum(EVENT_PAYMENT_PURPOSES),
  amount: Int({ minimum: 50 }),
  gst_amount: Int({ minimum: 0 }),
  currency: Text({ minLength: 3, maxLength: 3 }),
  description: Text({ maxLength: 500 }),
  /** Carried on the intent and on `payments.payment.*`: event_id and hold_id at least. */
  metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** The hold's own key, so a retried call makes no second intent. */
  idempotency_key: Text({ minLength: 8, maxLength: 255 }),
});
export type EventPaymentIntentBody = Type.Static<typeof EventPaymentIntentBody>;

/** An event payment as the provider has it now. */
export const EventPayment = Type.Object({
  payment_intent_id: Type.String(),
  client_secret: NullableString,
  status: Type.String(),
  user_id: Nullable(Id),
  amount: Cents,
  currency: Type.String(),
  metadata: Type.Record(Type.String(), Type.String()),
});
export type EventPayment = Type.Static<typeof EventPayment>;

/**
 * Everything left of the payment back to the card (one refund per intent, whoever asks, however
 * often: the provider's idempotency key is the intent's). `booking_id` names the booking refunded,
 * for the ledger and the admin transactions list.
 */
export const EventRefundBody = Type.Object({
  reason: Text({ maxLength: 200 }),
  booking_id: Type.Optional(Id),
});
export type EventRefundBody = Type.Static<typeof EventRefundBody>;
export const EventRefundReply = Type.Object({
  payment_intent_id: Type.String(),
  refund_id: Type.String(),
  status: Type.String(),
  amount: Cents,
  /** Everything refunded of the payment so far, this refund included. */
  amount_refunded: Cents,
  /** The payment's whole amount. */
  amount_paid: Cents,
});
export type EventRefundReply = Type.Static<typeof EventRefundReply>;
