import { StripeSimulator } from './simulator';

/**
 * Standalone: `npm run stripe-simulator -w tools`. Point the platform at it with
 * STRIPE_API_BASE=http://127.0.0.1:12111 STRIPE_SECRET_KEY=sk_test_simulator
 * STRIPE_WEBHOOK_SECRET=whsec_simulator STRIPE_PUBLISHABLE_KEY=pk_test_simulator.
 */
const port = Number(process.env.PORT ?? 12111);
const simulator = new StripeSimulator({
  webhookUrl: process.env.WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/v1/payments/webhook',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_simulator',
  publishableKey: process.env.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_simulator',
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_simulator',
  // Standalone (compose, k8s) the gateway relays /v1/* to it: controls only for direct callers.
  controls: process.env.SIMULATOR_CONTROLS === 'off' ? 'off' : 'direct',
  log: console.log,
});
const url = await simulator.start(port, process.env.HOST ?? '127.0.0.1');
console.log(`Stripe simulator (development only, no real payments) on ${url}`);
process.on('SIGINT', () => void simulator.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
