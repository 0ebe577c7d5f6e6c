import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { MembershipPaymentsConfig } from './config';
import { consumeUsers } from './consumers/users';
import * as schema from './db/schema';
import { createStripe } from './lib/stripe';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { CheckoutService } from './modules/checkout/service';
import { registerGrantRoutes } from './modules/grants/routes';
import { GrantService } from './modules/grants/service';
import { MembershipService } from './modules/memberships/service';
import { PaymentsLedger } from './modules/payments/ledger';
import { syncProviderPrices } from './modules/plans/provider-prices';
import { registerTransactionRoutes } from './modules/transactions/routes';
import { registerWebhookRoutes } from './modules/webhooks/routes';
import { WebhookService } from './modules/webhooks/service';

export const migrationsFolder = new URL('./db/migrations', import.meta.url).pathname;

/** membership-payments: plans, subscriptions, payments, webhooks, transactions and grants. */
export async function buildApp(config: MembershipPaymentsConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app, runtime } = await createService({
    name: 'membership-payments',
    title: 'LinksMate membership and payments',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  const clock = deps.clock ?? systemClock;
  const db = runtime.db;
  const stripe = createStripe(config);
  let priceIds = new Map<string, string>();
  // The provider's prices are needed before anyone can buy; a provider that is away now is tried
  // again until it answers, and the service is not ready meanwhile.
  const syncPrices = async (): Promise<void> => {
    try {
      priceIds = await syncProviderPrices(db, stripe);
    } catch (err) {
      runtime.logger.warn(
        { err: (err as Error).message },
        'payments: provider prices not synchronised yet, retrying',
      );
      await new Promise((r) => setTimeout(r, 2_000).unref());
      if (!closing) return syncPrices();
    }
  };
  let closing = false;
  const pricesReady = syncPrices();
  runtime.addReadinessCheck('payment_provider', () => priceIds.size > 0);
  app.addHook('onReady', async () => {
    await Promise.race([pricesReady, new Promise((r) => setTimeout(r, 5_000))]);
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  const memberships = new MembershipService(runtime, clock);
  const ledger = new PaymentsLedger(runtime, clock);
  const shared = { db, runtime, stripe, memberships, ledger, clock };
  const checkout = new CheckoutService({ ...shared, priceIds: () => priceIds });
  const webhooks = new WebhookService({ ...shared, webhookSecret: config.STRIPE_WEBHOOK_SECRET });

  // Granted memberships end on their date without any provider telling us; a sweep ends them.
  const endExpiredGrants = () =>
    memberships
      .endExpiredGrants(db)
      .catch((err) =>
        app.log.warn({ err: (err as Error).message }, 'payments: ending expired grants failed'),
      );
  let grantSweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void endExpiredGrants();
    grantSweep = setInterval(endExpiredGrants, config.GRANT_EXPIRY_SWEEP_MS);
    grantSweep.unref();
  });
  app.addHook('preClose', async () => clearInterval(grantSweep));

  registerCheckoutRoutes(app, checkout, db, config);
  await registerWebhookRoutes(app, webhooks);
  registerTransactionRoutes(app, db);
  registerGrantRoutes(app, new GrantService(db, memberships, stripe, clock), config.SERVICE_TOKEN);
  consumeUsers(runtime);
  return app;
}
