import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { VenuesCoachesConfig } from './config';
import * as schema from './db/schema';
import { IdentityAccounts } from './lib/identity-accounts';
import { registerClaimRoutes } from './modules/claims/routes';
import { ClaimsService } from './modules/claims/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** venues-coaches: venues, coaches and profile claims. */
export async function buildApp(config: VenuesCoachesConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app, runtime } = await createService({
    name: 'venues-coaches',
    title: 'LinksMate venues-coaches',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  const clock = deps.clock ?? systemClock;
  const identity = new IdentityAccounts({
    url: config.IDENTITY_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.IDENTITY_TIMEOUT_MS,
  });

  registerClaimRoutes(
    app,
    new ClaimsService({ runtime, identity, clock, logger: runtime.logger.child({ module: 'claims' }) }),
  );
  return app;
}
