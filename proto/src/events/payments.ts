import Type from 'typebox';
import { MEMBERSHIP_NOTICE_CHANGES, MEMBERSHIP_STATUSES, MEMBERSHIP_TYPES, PAYMENT_PURPOSES } from '../rules';
import {
  AggregateVersion,
  Cents,
  Id,
  Nullable,
  NullableString,
  NullableTimestamp,
  Timestamp,
} from '../schema';
import { defineEvent } from './registry';

export const MembershipSnapshot = Type.Object({
  type: Nullable(Type.Enum(MEMBERSHIP_TYPES)),
  status: Nullable(Type.Enum(MEMBERSHIP_STATUSES)),
  plan_id: NullableString,
  trial_ends_at: NullableTimestamp,
  current_period_ends_at: NullableTimestamp,
  ends_at: NullableTimestamp,
  cancel_at_period_end: Type.Boolean(),
  source: Type.Union([Type.Literal('purchase'), Type.Literal('grant')]),
  provider_subscription_id: NullableString,
  provider_customer_id: NullableString,
});

/** Full snapshot of a user's membership after any change; identity keeps its copy from this. */
export const MembershipChanged = defineEvent(
  'payments.membership.changed',
  1,
  Type.Object({
    user_id: Id,
    membership: MembershipSnapshot,
    changed_at: Timestamp,
    version: AggregateVersion,
  }),
);

/**
 * A membership renews or ends within MEMBERSHIP_NOTICE_DAYS (docs/product.md#reminders): published
 * once per membership, change and date by the membership-notices job. `trial`: the date is the end
 * of a free trial (renewing there is the first charge).
 */
export const MembershipNoticeFellDue = defineEvent(
  'payments.membership.notice-fell-due',
  1,
  Type.Object({
    user_id: Id,
    change: Type.Enum(MEMBERSHIP_NOTICE_CHANGES),
    on: Timestamp,
    type: Nullable(Type.Enum(MEMBERSHIP_TYPES)),
    trial: Type.Boolean(),
    source: Type.Union([Type.Literal('purchase'), Type.Literal('grant')]),
    occurred_at: Timestamp,
  }),
);

const PaymentFacts = Type.Object({
  payment_id: Type.String(),
  provider_payment_intent_id: NullableString,
  user_id: Id,
  amount: Cents,
  gst_amount: Cents,
  currency: Type.String(),
  purpose: Type.Enum(PAYMENT_PURPOSES),
  metadata: Type.Record(
    Type.String(),
    Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
  occurred_at: Timestamp,
});

export const PaymentSucceeded = defineEvent('payments.payment.succeeded', 1, PaymentFacts);

/**
 * Money went back to the card for a payment (a refund asked for by events-bookings, or made in the
 * provider's dashboard): `amount_refunded` is everything refunded so far, `full` whether that is
 * all of `amount`. Published once per provider refund event; consumers keep the largest total.
 */
export const PaymentRefunded = defineEvent(
  'payments.payment.refunded',
  1,
  Type.Object({
    ...PaymentFacts.properties,
    amount_refunded: Cents,
    full: Type.Boolean(),
  }),
);

export const TransactionRecorded = defineEvent(
  'payments.transaction.recorded',
  1,
  Type.Object({
    transaction_id: Id,
    type: Type.String(),
    status: Type.String(),
    amount: Cents,
    currency: Type.String(),
    user_id: Nullable(Id),
    user_email: NullableString,
    description: NullableString,
    stripe_event_id: NullableString,
    created_at: Timestamp,
  }),
);

export const paymentsEvents = [
  MembershipChanged,
  MembershipNoticeFellDue,
  PaymentSucceeded,
  PaymentRefunded,
  TransactionRecorded,
];
