import { fileURLToPath } from 'node:url';
import {
  createObjectStorage,
  createService,
  createSmtpMailer,
  type HttpApp,
  type ServiceDeps,
  systemClock,
} from '@linksmate/platform';
import type { MessagingConfig } from './config';
import { consumeEmailRequests } from './consumers/email-requested';
import { consumeNotifications } from './consumers/notifications';
import { consumeChatScopes, consumeEventChats, consumePeople } from './consumers/projections';
import { consumeResults } from './consumers/results';
import type { ModuleContext } from './context';
import * as schema from './db/schema';
import { messageDigest } from './jobs/message-digest';
import { registerAnnouncementRoutes } from './modules/announcements/routes';
import { AnnouncementsService } from './modules/announcements/service';
import { registerChatRoutes } from './modules/chats/routes';
import { ChatsService } from './modules/chats/service';
import { registerDigestRoutes } from './modules/digest/routes';
import { DigestService } from './modules/digest/service';
import { MailDelivery } from './modules/email/service';
import { registerMediaRoutes } from './modules/media/routes';
import { MessageMediaService } from './modules/media/service';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { NotificationsService } from './modules/notifications/service';
import { Projections } from './modules/projections/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** messaging: direct messages, event chats, announcements, notifications and e-mail delivery. */
export async function buildApp(config: MessagingConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  // Before the database: a storage misconfiguration stops the boot with nothing opened yet.
  const storage = await createObjectStorage(config, 'messaging');
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
  const context: ModuleContext = { runtime, clock: deps.clock ?? systemClock, config };
  const projections = new Projections();
  // One line per module.
  const chats = new ChatsService({ ...context, projections });
  const notifications = new NotificationsService({ ...context, projections });
  consumePeople(runtime, projections);
  consumeEventChats(runtime, projections, chats, notifications);
  consumeChatScopes(runtime, projections, chats);
  consumeResults(runtime, chats);
  registerChatRoutes(app, chats);
  registerAnnouncementRoutes(app, new AnnouncementsService({ ...context, projections }));
  consumeNotifications(runtime, notifications);
  registerNotificationRoutes(app, notifications);
  const digest = new DigestService(context);
  registerDigestRoutes(app, digest);
  runtime.job(messageDigest(digest, config.DIGEST_SWEEP_INTERVAL_MS));
  runtime.closeAfterHandlers(() => storage.close());
  await registerMediaRoutes(
    app,
    new MessageMediaService({ storage, logger: runtime.logger.child({ module: 'media' }) }),
  );
  return app;
}
