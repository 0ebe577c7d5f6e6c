export { confirmCardAsBrowser } from './browser-client';
export { StripeSimulator, type StripeSimulatorOptions, type WebhookDelivery } from './simulator';
