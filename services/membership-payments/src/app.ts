import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { MembershipPaymentsConfig } from './config';
import { consumeUserDeletions, consumeUsers } from './consumers/users';
import * as schema from './db/schema';
import { grantExpiry } from './jobs/grant-expiry';
import { membershipNotices } from './jobs/membership-notices';
import { PROVIDER_PRICE_SYNC, providerPriceSync } from './jobs/provider-price-sync';
import { createStripe } from './lib/stripe';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { CheckoutService } from './modules/checkout/service';
import { registerEventPaymentRoutes } from './modules/event-payments/routes';
import { EventPaymentsService } from './modules/event-payments/service';
import { registerGrantRoutes } from './modules/grants/routes';
import { GrantService } from './modules/grants/service';
import { PaymentsLedger, RefundsLedger } from './modules/ledger/service';
import { MembershipService } from './modules/memberships/service';
import { registerPlanRoutes } from './modules/plans/routes';
import { PlansService } from './modules/plans/service';
import { registerTransactionRoutes } from './modules/transactions/routes';
import { TransactionsService } from './modules/transactions/service';
import { PaymentsUsers } from './modules/users/service';
import { registerWebhookRoutes } from './modules/webhooks/routes';
import { WebhookService } from './modules/webhooks/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** How long start-up waits for the provider's prices before the service answers (not ready meanwhile). */
const PRICE_SYNC_WAIT_MS = 5_000;

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

  const memberships = new MembershipService(runtime, stripe, clock);
  const plans = new PlansService({ db, stripe, memberships });
  const ledger = new PaymentsLedger(runtime, clock);
  const refunds = new RefundsLedger(runtime, clock);
  const users = new PaymentsUsers(db);
  const transactions = new TransactionsService(runtime);
  const checkout = new CheckoutService({ db, stripe, plans, memberships, ledger, users, clock });
  const webhooks = new WebhookService({
    db,
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    memberships,
    ledger,
    refunds,
    users,
    transactions,
  });

  runtime.job(providerPriceSync(plans));
  runtime.job(grantExpiry(memberships, config.GRANT_EXPIRY_SWEEP_MS));
  runtime.job(membershipNotices(memberships, config.MEMBERSHIP_NOTICE_SWEEP_MS));
  runtime.addReadinessCheck('payment_provider', () => plans.ready);
  app.addHook('onReady', () => runtime.jobFirstRun(PROVIDER_PRICE_SYNC, PRICE_SYNC_WAIT_MS));

  registerPlanRoutes(app, plans);
  registerCheckoutRoutes(app, checkout, config);
  await registerWebhookRoutes(app, webhooks);
  registerTransactionRoutes(app, transactions);
  registerGrantRoutes(app, new GrantService(db, memberships, clock));
  registerEventPaymentRoutes(app, new EventPaymentsService({ db, stripe, checkout, ledger, refunds, users }));
  consumeUsers(runtime, users);
  consumeUserDeletions(runtime, users, memberships);
  return app;
}
