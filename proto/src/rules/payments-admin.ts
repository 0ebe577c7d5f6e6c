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
/** Grant membership's words (docs/product.md#admin-validation gives none): the server's and the dialog's alike. */
export const GRANT_MESSAGES = {
  durationInvalid: `Duration must be ${GRANT_DURATION.min} to ${GRANT_DURATION.max} days, weeks, months or years, or lifetime.`,
  /** The duration field's own words, under the number typed. */
  durationRange: `Duration must be from ${GRANT_DURATION.min} to ${GRANT_DURATION.max}`,
  durationWhole: 'Duration must be a whole number',
  expiryPast: 'The expiry date cannot be before today.',
  typeUnknown: 'Unknown membership type',
} as const;
