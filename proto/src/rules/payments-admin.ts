/** Payments admin: transactions and membership grants (docs/product.md#admin-limits). */

export const TRANSACTION_STATUSES = [
  'succeeded',
  'failed',
  'pending',
  'canceled',
  'processed',
  'requires_payment_method',
] as const;
export const TRANSACTION_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'invoice.payment_succeeded',
  'checkout.session.completed',
] as const;
export const TRANSACTION_CURRENCY_FILTERS = ['usd', 'gbp', 'eur', 'aud', 'cad'] as const;
export const GRANT_DURATION = {
  min: 1,
  max: 12,
  units: ['days', 'weeks', 'months', 'years', 'lifetime'],
} as const;
