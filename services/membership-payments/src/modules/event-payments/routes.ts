import { type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  EventPayment,
  EventPaymentIntentBody,
  EventRefundBody,
  EventRefundReply,
  ProviderId,
} from '@linksmate/proto';
import Type from 'typebox';
import type { EventPaymentsService } from './service';

const refusals = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 502: ApiErrorSchema };
const IntentParams = Type.Object({ id: ProviderId });

/** Event payments for events-bookings (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerEventPaymentRoutes(app: HttpApp, payments: EventPaymentsService): void {
  app.post(
    '/internal/event-payments',
    {
      config: { access: 'service' },
      schema: { body: EventPaymentIntentBody, response: { 200: EventPayment, ...refusals } },
    },
    async (request) => payments.create(request.body, requestMeta(request)),
  );
  app.get(
    '/internal/event-payments/:id',
    {
      config: { access: 'service' },
      schema: { params: IntentParams, response: { 200: EventPayment, ...refusals } },
    },
    async (request) => payments.status(request.params.id, requestMeta(request)),
  );
  app.post(
    '/internal/event-payments/:id/refund',
    {
      config: { access: 'service' },
      schema: {
        params: IntentParams,
        body: EventRefundBody,
        response: { 200: EventRefundReply, ...refusals },
      },
    },
    async (request) => payments.refund(request.params.id, request.body),
  );
  app.post(
    '/internal/event-payments/:id/cancel',
    {
      config: { access: 'service' },
      schema: { params: IntentParams, response: { 200: EventPayment, ...refusals } },
    },
    async (request) => payments.cancel(request.params.id, requestMeta(request)),
  );
}
