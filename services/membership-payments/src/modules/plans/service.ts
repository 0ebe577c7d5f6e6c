import { badRequest } from '@linksmate/platform';
import type { PlansReply } from '@linksmate/proto';
import type Stripe from 'stripe';
import type { Db } from '../../db/types';
import type { MembershipService } from '../memberships/service';
import { chargeFor, lookupKey, PLANS, type PlanDefinition, planById } from './catalogue';
import { saveProviderPrice } from './repository';

export { chargeFor, PLANS, type PlanDefinition, planById } from './catalogue';

export const PLAN_MESSAGES = { unknownPlan: 'Unknown membership plan.' } as const;

/**
 * The plans on sale and the provider's price for each. The provider's prices are needed before
 * anyone can buy: until they are known the service is not ready.
 */
export class PlansService {
  private priceIds = new Map<string, string>();

  constructor(
    private readonly deps: { db: Db; stripe: Stripe; memberships: Pick<MembershipService, 'hadTrial'> },
  ) {}

  /** Whether every plan has its provider price. */
  get ready(): boolean {
    return this.priceIds.size === PLANS.length;
  }

  priceIdOf(planId: string): string | undefined {
    return this.priceIds.get(planId);
  }

  /**
   * Makes sure the provider has a price for each plan (found by lookup key, created when missing)
   * and remembers them, so the plans served carry their provider price ids.
   */
  async syncProviderPrices(): Promise<void> {
    const { stripe, db } = this.deps;
    const existing = await stripe.prices.list({ lookup_keys: PLANS.map(lookupKey), limit: 100 });
    const byKey = new Map(existing.data.map((price) => [price.lookup_key, price]));
    const ids = new Map<string, string>();
    for (const plan of PLANS) {
      const price = byKey.get(lookupKey(plan)) ?? (await this.createPrice(plan));
      ids.set(plan.id, price.id);
      await saveProviderPrice(db, {
        planId: plan.id,
        priceId: price.id,
        unitAmount: chargeFor(plan).total,
        currency: plan.currency,
      });
    }
    this.priceIds = ids;
  }

  private async createPrice(plan: PlanDefinition): Promise<Stripe.Price> {
    const { stripe } = this.deps;
    const product = await stripe.products.create(
      { name: `LinksMate ${plan.name} membership`, metadata: { plan_id: plan.id } },
      { idempotencyKey: `product-${lookupKey(plan)}` },
    );
    return stripe.prices.create(
      {
        product: product.id,
        currency: plan.currency,
        unit_amount: chargeFor(plan).total,
        lookup_key: lookupKey(plan),
        nickname: `${plan.name} (GST inclusive)`,
        metadata: { plan_id: plan.id },
        ...(plan.interval === 'lifetime' ? {} : { recurring: { interval: plan.interval } }),
      },
      { idempotencyKey: `price-${lookupKey(plan)}` },
    );
  }

  /** The plan named either by our id or by the provider's price id (what the spec's client sends). */
  resolve(planOrPriceId: string): PlanDefinition {
    const direct = planById(planOrPriceId);
    if (direct) return direct;
    for (const [planId, priceId] of this.priceIds) if (priceId === planOrPriceId) return planById(planId)!;
    throw badRequest(PLAN_MESSAGES.unknownPlan, 'unknown_plan', { plan_id: PLAN_MESSAGES.unknownPlan });
  }

  /** The plans with GST computed here; with a person, the trial only while they have not had one. */
  async list(userId?: number): Promise<PlansReply> {
    const trialUsed = userId !== undefined && (await this.deps.memberships.hadTrial(userId));
    return {
      plans: PLANS.map((plan) => {
        const charge = chargeFor(plan);
        return {
          ...plan,
          provider_price_id: this.priceIds.get(plan.id) ?? null,
          trial_days: trialUsed ? 0 : plan.trial_days,
          gstExclusive: true,
          gst_amount: charge.gst,
          total_price: charge.total,
        };
      }),
    };
  }
}
