import { fileURLToPath } from 'node:url';
import {
  createObjectStorage,
  createService,
  type HttpApp,
  type ServiceDeps,
  systemClock,
} from '@linksmate/platform';
import type { VenuesCoachesConfig } from './config';
import * as schema from './db/schema';
import { registerMediaRoutes } from './modules/media/routes';
import { VenueMediaService } from './modules/media/service';

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
  const clock = deps.clock ?? systemClock;
  runtime.closeAfterHandlers(() => storage.close());

  await registerMediaRoutes(
    app,
    new VenueMediaService({
      runtime,
      storage,
      clock,
      logger: runtime.logger.child({ component: 'venue-media' }),
      tempRoot: config.UPLOAD_TMP_DIR,
    }),
  );
  return app;
}
