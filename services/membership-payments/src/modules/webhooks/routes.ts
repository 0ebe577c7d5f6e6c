import type { HttpApp } from '@linksmate/platform';
import { WebhookReply } from '@linksmate/proto';
import type { FastifyInstance } from 'fastify';
import type { WebhookService } from './service';

/** The provider's webhook endpoint; the body is kept raw, as the signature covers its bytes. */
export async function registerWebhookRoutes(app: HttpApp, webhooks: WebhookService): Promise<void> {
  await (app as unknown as FastifyInstance).register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payments/webhook',
      {
        schema: {
          tags: ['payments'],
          description: 'Stripe webhook endpoint (signed).',
          response: { 200: WebhookReply },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return webhooks.receive(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });
}
