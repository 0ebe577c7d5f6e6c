import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps } from '@linksmate/platform';
import type { VenuesCoachesConfig } from './config';
import * as schema from './db/schema';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** venues-coaches: venues, coaches and profile claims. */
export async function buildApp(config: VenuesCoachesConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app } = await createService({
    name: 'venues-coaches',
    title: 'LinksMate venues-coaches',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  return app;
}
