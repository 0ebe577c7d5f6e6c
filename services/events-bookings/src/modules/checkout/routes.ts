import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  ConfirmSlotPaymentBody,
  ConfirmSlotPaymentReply,
  SlotPaymentIntentBody,
  SlotPaymentIntentReply,
} from '@linksmate/proto';
import type { CheckoutService } from './service';

const refusals = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  502: ApiErrorSchema,
};
const tags = ['events'];

/** docs/product.md#community-states, #community-calls: paid joins and slot purchases by card (members with a valid membership). */
export function registerCheckoutRoutes(app: HttpApp, checkout: CheckoutService): void {
  app.post(
    '/events/slot-payment-intent',
    {
      config: { access: 'member' },
      schema: { tags, body: SlotPaymentIntentBody, response: { 200: SlotPaymentIntentReply, ...refusals } },
    },
    async (request) =>
      checkout.createIntent(currentUser(request).user_id, request.body, requestMeta(request)),
  );
  app.post(
    '/events/confirm-slot-payment',
    {
      config: { access: 'member' },
      schema: { tags, body: ConfirmSlotPaymentBody, response: { 200: ConfirmSlotPaymentReply, ...refusals } },
    },
    async (request) => checkout.confirm(currentUser(request).user_id, request.body, requestMeta(request)),
  );
}
