import Type from 'typebox';
import { Nullable } from '../events/common';
import { MembershipSnapshot } from '../events/payments';

/** A plan as `GET /payments/plans` serves it (spec 1 §3 "Plan", with the GST the server computed). */
export const PlanSchema = Type.Object({
  id: Type.Enum(['monthly', 'annual', 'lifetime']),
  name: Type.String(),
  price: Type.Integer({ description: 'Cents, GST exclusive' }),
  originalPrice: Nullable(Type.Integer()),
  currency: Type.String(),
  interval: Type.Enum(['month', 'year', 'lifetime']),
  description: Type.String(),
  badge: Nullable(Type.String()),
  badgeColor: Nullable(Type.String()),
  features: Type.Array(Type.String()),
  popular: Type.Boolean(),
  featured: Type.Boolean(),
  provider_price_id: Nullable(Type.String()),
  trial_days: Type.Integer(),
  gstExclusive: Type.Boolean(),
  gstAmount: Type.Integer({ description: 'GST on the price, cents' }),
  totalPrice: Type.Integer({ description: 'What the card is charged, GST included, cents' }),
});
export type Plan = Type.Static<typeof PlanSchema>;

/** A membership in API answers: the same snapshot payments publishes, or null when there is none. */
export const MembershipResponseSchema = Nullable(MembershipSnapshot);
export type MembershipResponse = Type.Static<typeof MembershipResponseSchema>;
