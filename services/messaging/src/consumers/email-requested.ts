import type { Mailer, ServiceRuntime } from '@linksmate/platform';
import { EmailRequested, type EventData } from '@linksmate/proto';
import type * as schema from '../db/schema';
import { recordDelivery } from '../modules/email/deliveries';
import { renderTemplate, UnknownTemplateError } from '../modules/email/templates';

/**
 * Sends every requested e-mail over SMTP and records the delivery. A refusal is recorded and
 * thrown, so the bus retries it later; the inbox makes a redelivered request send nothing twice.
 */
export function consumeEmailRequests(
  runtime: ServiceRuntime<typeof schema>,
  mailer: Mailer,
  publicUrl: string,
): void {
  runtime.consume('email-delivery', [EmailRequested.type], async (event, tx, context) => {
    const data = event.data as EventData<typeof EmailRequested>;
    let mail: ReturnType<typeof renderTemplate>;
    try {
      mail = renderTemplate(data.template, data.variables, publicUrl);
    } catch (err) {
      if (!(err instanceof UnknownTemplateError)) throw err;
      // A template that does not exist will not appear on retry: record it and move on.
      runtime.logger.error({ template: data.template, eventId: event.id }, 'email: unknown template');
      await recordDelivery(tx, {
        eventId: event.id,
        recipient: data.to,
        template: data.template,
        subject: '',
        status: 'failed',
        attempt: context.attempt,
        error: err.message,
        userId: data.user_id,
      });
      return;
    }
    try {
      const { messageId } = await mailer.send({ to: data.to, ...mail });
      await recordDelivery(tx, {
        eventId: event.id,
        recipient: data.to,
        template: data.template,
        subject: mail.subject,
        status: 'sent',
        attempt: context.attempt,
        providerMessageId: messageId,
        userId: data.user_id,
      });
    } catch (err) {
      // Outside the handler's transaction, which is about to roll back: the refusal stays on record.
      await recordDelivery(runtime.db, {
        eventId: event.id,
        recipient: data.to,
        template: data.template,
        subject: mail.subject,
        status: 'failed',
        attempt: context.attempt,
        error: (err as Error).message.slice(0, 500),
        userId: data.user_id,
      });
      throw err;
    }
  });
}
