import { gstOnCents, type Plan } from '@linksmate/proto';

/** A plan as the product sells it; prices exclude GST (docs/product.md#account-limits). */
export type PlanDefinition = Omit<
  Plan,
  'provider_price_id' | 'gstExclusive' | 'gst_amount' | 'total_price' | 'currency'
> & {
  currency: 'aud';
};

const MEMBER_BENEFITS = [
  '$20M liability insurance',
  'Official handicap number',
  'A free 30-minute session',
  'Ball marker',
  'Tees',
  'Business directory listing',
  'Beta access',
];

export const PLANS: PlanDefinition[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    price: 3000,
    originalPrice: null,
    currency: 'aud',
    interval: 'month',
    description: 'Full membership, billed monthly. Cancel anytime.',
    badge: null,
    badge_color: null,
    features: MEMBER_BENEFITS,
    popular: false,
    featured: false,
    trial_days: 14,
  },
  {
    id: 'annual',
    name: 'Annual',
    price: 24000,
    originalPrice: 36000,
    currency: 'aud',
    interval: 'year',
    description: 'A full year of membership for the price of eight months.',
    badge: 'SAVE $120',
    badge_color: 'green',
    features: [...MEMBER_BENEFITS, 'Guest passes (2 per month)'],
    popular: true,
    featured: false,
    trial_days: 14,
  },
  {
    id: 'lifetime',
    name: 'Lifetime',
    // docs/product.md#account-limits shows 99900 on onboarding and 100000 on the membership page; one price is served.
    price: 99900,
    originalPrice: null,
    currency: 'aud',
    interval: 'lifetime',
    description: 'Pay once, play for life. Every benefit, forever.',
    badge: 'BEST VALUE',
    badge_color: 'gold',
    features: [...MEMBER_BENEFITS, 'Guest passes (2 per month)', 'Lifetime member recognition'],
    popular: false,
    featured: true,
    trial_days: 0,
  },
];

export function planById(id: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** What the card is charged: the price plus 10% GST, computed here and nowhere else. */
export function chargeFor(plan: PlanDefinition): { subtotal: number; gst: number; total: number } {
  const gst = gstOnCents(plan.price);
  return { subtotal: plan.price, gst, total: plan.price + gst };
}

/** The provider's lookup key of a plan's price; a new price (new amount) gets a new key. */
export function lookupKey(plan: PlanDefinition): string {
  return `linksmate_${plan.id}_${chargeFor(plan).total}_${plan.currency}`;
}
