import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { AdminConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** admin: the back office: user directory, audit log and dashboard. */
export async function buildApp(config: AdminConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'admin',
    title: 'LinksMate admin',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
