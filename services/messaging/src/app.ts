import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { MessagingConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = new URL('./db/migrations', import.meta.url).pathname;

/** messaging: conversations, announcements and e-mail delivery. */
export async function buildApp(config: MessagingConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'messaging',
    title: 'LinksMate messaging',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
