import { currentUser, type HttpApp, idempotencyKeyOf, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  CancelSubscriptionReply,
  ConfirmPaymentBody,
  ConfirmPaymentReply,
  CreatePaymentIntentBody,
  CreatePaymentIntentReply,
  CreateSubscriptionBody,
  CreateSubscriptionReply,
  PaymentsConfigReply,
  SubscriptionStatusReply,
} from '@linksmate/proto';
import type { MembershipPaymentsConfig } from '../../config';
import type { CheckoutService } from './service';

const refusals = {
  400: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  502: ApiErrorSchema,
};
const tags = ['payments'];

export function registerCheckoutRoutes(
  app: HttpApp,
  checkout: CheckoutService,
  config: Pick<
    MembershipPaymentsConfig,
    'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE' | 'STRIPE_SIMULATOR_PUBLIC_PATH'
  >,
): void {
  app.get('/payments/config', { schema: { tags, response: { 200: PaymentsConfigReply } } }, async () => ({
    publishable_key: config.STRIPE_PUBLISHABLE_KEY,
    simulator_path: config.STRIPE_API_BASE ? config.STRIPE_SIMULATOR_PUBLIC_PATH : null,
  }));

  app.get(
    '/payments/subscription-status',
    { config: { access: 'user' }, schema: { tags, response: { 200: SubscriptionStatusReply } } },
    async (request) => checkout.status(currentUser(request)),
  );

  app.post(
    '/payments/create-subscription',
    {
      config: { access: 'user', idempotent: true },
      schema: { tags, body: CreateSubscriptionBody, response: { 200: CreateSubscriptionReply, ...refusals } },
    },
    async (request) =>
      checkout.createSubscription(currentUser(request), request.body, idempotencyKeyOf(request)),
  );

  app.post(
    '/payments/create-payment-intent',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        tags,
        body: CreatePaymentIntentBody,
        response: { 200: CreatePaymentIntentReply, ...refusals },
      },
    },
    async (request) =>
      checkout.createPaymentIntent(currentUser(request), request.body, idempotencyKeyOf(request)),
  );

  app.post(
    '/payments/confirm-payment',
    {
      config: { access: 'user' },
      schema: { tags, body: ConfirmPaymentBody, response: { 200: ConfirmPaymentReply, ...refusals } },
    },
    async (request) => checkout.confirmPayment(currentUser(request), request.body, requestMeta(request)),
  );

  app.post(
    '/payments/cancel-subscription',
    { config: { access: 'user' }, schema: { tags, response: { 200: CancelSubscriptionReply, ...refusals } } },
    async (request) => checkout.cancel(currentUser(request), requestMeta(request)),
  );
}
