import { currentUser, type HttpApp, requestMeta, requireAuth } from '@linksmate/platform';
import type { FastifyRequest } from 'fastify';
import type { MembershipPaymentsConfig } from '../../config';
import { withIdempotency } from '../../lib/idempotency';
import type { Db } from '../memberships/repository';
import {
  CancelReply,
  ConfirmPaymentBody,
  ConfirmPaymentReply,
  CreatePaymentIntentBody,
  CreatePaymentIntentReply,
  CreateSubscriptionBody,
  CreateSubscriptionReply,
  ErrorReply,
  PaymentsConfigReply,
  PlansReply,
  SubscriptionStatusReply,
} from './schemas';
import type { CheckoutService } from './service';

const errors = {
  400: ErrorReply,
  401: ErrorReply,
  402: ErrorReply,
  403: ErrorReply,
  409: ErrorReply,
  422: ErrorReply,
  502: ErrorReply,
};
const secured = { tags: ['payments'], security: [{ bearerAuth: [] }] };
const idempotencyKeyOf = (request: FastifyRequest) => {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header ? header : undefined;
};

export function registerCheckoutRoutes(
  app: HttpApp,
  checkout: CheckoutService,
  db: Db,
  config: Pick<
    MembershipPaymentsConfig,
    'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE' | 'STRIPE_SIMULATOR_PUBLIC_PATH'
  >,
): void {
  // Public; with a token, the trial is offered only to someone who has not had one.
  app.get(
    '/payments/plans',
    { schema: { tags: ['payments'], response: { 200: PlansReply } } },
    async (request) => checkout.plans(request.user?.user_id),
  );

  app.get(
    '/payments/config',
    { schema: { tags: ['payments'], response: { 200: PaymentsConfigReply } } },
    async () => ({
      publishable_key: config.STRIPE_PUBLISHABLE_KEY,
      simulator_path: config.STRIPE_API_BASE ? config.STRIPE_SIMULATOR_PUBLIC_PATH : null,
    }),
  );

  app.get(
    '/payments/subscription-status',
    {
      preHandler: requireAuth,
      schema: { ...secured, response: { 200: SubscriptionStatusReply, 401: ErrorReply } },
    },
    async (request) => checkout.status(currentUser(request)),
  );

  app.post(
    '/payments/create-subscription',
    {
      preHandler: requireAuth,
      schema: {
        ...secured,
        body: CreateSubscriptionBody,
        response: { 200: CreateSubscriptionReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request);
      const result = await withIdempotency(
        db,
        { userId: user.user_id, key, route: 'create-subscription', body: request.body },
        async () => ({
          status: 200,
          body: await checkout.createSubscription(user, request.body, key),
        }),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/payments/create-payment-intent',
    {
      preHandler: requireAuth,
      schema: {
        ...secured,
        body: CreatePaymentIntentBody,
        response: { 200: CreatePaymentIntentReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKeyOf(request);
      const result = await withIdempotency(
        db,
        { userId: user.user_id, key, route: 'create-payment-intent', body: request.body },
        async () => ({
          status: 200,
          body: await checkout.createPaymentIntent(user, request.body, key),
        }),
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/payments/confirm-payment',
    {
      preHandler: requireAuth,
      schema: { ...secured, body: ConfirmPaymentBody, response: { 200: ConfirmPaymentReply, ...errors } },
    },
    async (request) => checkout.confirmPayment(currentUser(request), request.body, requestMeta(request)),
  );

  app.post(
    '/payments/cancel-subscription',
    { preHandler: requireAuth, schema: { ...secured, response: { 200: CancelReply, ...errors } } },
    async (request) => checkout.cancel(currentUser(request), requestMeta(request)),
  );
}
