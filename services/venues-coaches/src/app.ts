import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { VenuesCoachesConfig } from './config';
import type { ModuleContext } from './context';
import * as schema from './db/schema';
import { IdentityAccounts } from './lib/identity-accounts';
import { registerClaimRoutes } from './modules/claims/routes';
import { ClaimsService } from './modules/claims/service';
import { registerCoachRoutes } from './modules/coaches/routes';
import { CoachesService } from './modules/coaches/service';
import { registerVenueRoutes } from './modules/venues/routes';
import { VenuesService } from './modules/venues/service';

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
  const context: ModuleContext = { runtime, clock: deps.clock ?? systemClock };
  const venues = new VenuesService(context);
  const coaches = new CoachesService(context);
  const identity = new IdentityAccounts({
    url: config.IDENTITY_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.IDENTITY_TIMEOUT_MS,
  });

  // One line per module.
  registerVenueRoutes(app, venues);
  registerCoachRoutes(app, coaches);
  registerClaimRoutes(
    app,
    new ClaimsService({ ...context, identity, logger: runtime.logger.child({ module: 'claims' }) }),
  );
  return app;
}
