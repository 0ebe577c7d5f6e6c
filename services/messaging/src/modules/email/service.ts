import type { DeliveryContext, Logger, Mailer } from '@linksmate/platform';
import type { EmailRequested, EventOf } from '@linksmate/proto';
import type { Db } from '../../db/types';
import { recordDelivery } from './repository';
import { renderTemplate, UnknownTemplateError } from './templates';

/** Sends requested e-mails over SMTP and keeps a record of every attempt. */
export class MailDelivery {
  constructor(private readonly deps: { db: Db; mailer: Mailer; publicUrl: string; logger: Logger }) {}

  /**
   * Sends one requested mail inside the handler's transaction `tx`. A refusal is recorded outside
   * that transaction (which is about to roll back) and thrown, so the bus retries it later.
   */
  async deliver(tx: Db, event: EventOf<typeof EmailRequested>, context: DeliveryContext): Promise<void> {
    const { data } = event;
    const attempt = {
      eventId: event.id,
      recipient: data.to,
      template: data.template,
      attempt: context.attempt,
      userId: data.user_id,
    };
    let mail: ReturnType<typeof renderTemplate>;
    try {
      mail = renderTemplate(data.template, data.variables, this.deps.publicUrl);
    } catch (err) {
      if (!(err instanceof UnknownTemplateError)) throw err;
      // A template that does not exist will not appear on retry: record it and move on.
      this.deps.logger.error({ template: data.template, eventId: event.id }, 'email: unknown template');
      await recordDelivery(tx, { ...attempt, subject: '', status: 'failed', error: err.message });
      return;
    }
    try {
      const { messageId } = await this.deps.mailer.send({ to: data.to, ...mail });
      await recordDelivery(tx, {
        ...attempt,
        subject: mail.subject,
        status: 'sent',
        providerMessageId: messageId,
      });
    } catch (err) {
      await recordDelivery(this.deps.db, {
        ...attempt,
        subject: mail.subject,
        status: 'failed',
        error: (err as Error).message.slice(0, 500),
      });
      throw err;
    }
  }
}
