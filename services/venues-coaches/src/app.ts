import { fileURLToPath } from 'node:url';
import {
  createObjectStorage,
  createService,
  type HttpApp,
  type ServiceDeps,
  systemClock,
} from '@linksmate/platform';
import type { VenuesCoachesConfig } from './config';
import { consumeUserDeletions } from './consumers/users';
import type { ModuleContext } from './context';
import * as schema from './db/schema';
import { IdentityClient } from './lib/identity-client';
import { registerClaimReviewRoutes } from './modules/claims/admin-routes';
import { ClaimReviewService } from './modules/claims/admin-service';
import { registerClaimRoutes } from './modules/claims/routes';
import { ClaimsService } from './modules/claims/service';
import { registerAdminCoachRoutes } from './modules/coaches/admin-routes';
import { AdminCoachesService } from './modules/coaches/admin-service';
import { registerCoachRoutes } from './modules/coaches/routes';
import { CoachesService } from './modules/coaches/service';
import { registerCourseRoutes } from './modules/courses/routes';
import { CoursesService } from './modules/courses/service';
import { registerMediaRoutes } from './modules/media/routes';
import { VenueMediaService } from './modules/media/service';
import { AdminProfileService } from './modules/venues/admin-profile';
import { registerAdminVenueRoutes } from './modules/venues/admin-routes';
import { AdminVenuesService } from './modules/venues/admin-service';
import { registerVenueRoutes } from './modules/venues/routes';
import { VenuesService } from './modules/venues/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** venues-coaches: venues, coaches and profile claims. */
export async function buildApp(config: VenuesCoachesConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  // Before the database: a storage misconfiguration stops the boot with nothing opened yet.
  const storage = await createObjectStorage(config, 'venues-coaches');
  const { app, runtime } = await createService({
    name: 'venues-coaches',
    title: 'LinksMate venues-coaches',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  runtime.closeAfterHandlers(() => storage.close());
  const context: ModuleContext = { runtime, clock: deps.clock ?? systemClock };
  const venues = new VenuesService(context);
  const coaches = new CoachesService(context);
  const identity = new IdentityClient({
    url: config.IDENTITY_URL,
    serviceToken: config.SERVICE_TOKEN,
    timeoutMs: config.IDENTITY_TIMEOUT_MS,
  });

  // One line per module.
  consumeUserDeletions(runtime, coaches, venues);
  registerVenueRoutes(app, venues);
  registerAdminVenueRoutes(
    app,
    new AdminVenuesService(context, venues),
    new AdminProfileService(venues, coaches),
  );
  registerCourseRoutes(app, new CoursesService(context, venues));
  registerCoachRoutes(app, coaches);
  registerAdminCoachRoutes(app, new AdminCoachesService(context, coaches));
  registerClaimReviewRoutes(
    app,
    new ClaimReviewService({
      ...context,
      identity,
      venues,
      coaches,
      logger: runtime.logger.child({ module: 'claim-review' }),
    }),
  );
  registerClaimRoutes(
    app,
    new ClaimsService({ ...context, identity, logger: runtime.logger.child({ module: 'claims' }) }),
  );
  await registerMediaRoutes(
    app,
    new VenueMediaService({
      ...context,
      storage,
      logger: runtime.logger.child({ module: 'media' }),
      tempRoot: config.UPLOAD_TMP_DIR,
    }),
  );
  return app;
}
