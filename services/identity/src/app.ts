import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { IdentityConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = new URL('./db/migrations', import.meta.url).pathname;

/** identity: accounts, authentication, tokens and profiles. */
export async function buildApp(config: IdentityConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'identity',
    title: 'LinksMate identity',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
