import { fileURLToPath } from 'node:url';
import { createService, createSmtpMailer, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { MessagingConfig } from './config';
import { consumeEmailRequests } from './consumers/email-requested';
import * as schema from './db/schema';
import { MailDelivery } from './modules/email/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** messaging: conversations, announcements and e-mail delivery. */
export async function buildApp(config: MessagingConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app, runtime } = await createService({
    name: 'messaging',
    title: 'LinksMate messaging',
    schema,
    migrationsFolder,
    config,
    deps,
  });

  const mailer = createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  runtime.closeAfterHandlers(() => mailer.close());
  consumeEmailRequests(
    runtime,
    new MailDelivery({ db: runtime.db, mailer, publicUrl: config.PUBLIC_URL, logger: runtime.logger }),
  );
  return app;
}
