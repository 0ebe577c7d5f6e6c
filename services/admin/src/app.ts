import { fileURLToPath } from 'node:url';
import { createService, type HttpApp, type ServiceDeps, systemClock } from '@linksmate/platform';
import type { AdminConfig } from './config';
import { consumeDashboard } from './consumers/dashboard';
import { consumeDirectory } from './consumers/directory';
import * as schema from './db/schema';
import { IdentityClient } from './lib/identity-client';
import { PaymentsClient } from './lib/payments-client';
import { AuditLog } from './modules/audit/service';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { Dashboard } from './modules/dashboard/service';
import { Directory } from './modules/directory/service';
import { registerAdminUserRoutes } from './modules/users/routes';
import { AdminUsersService } from './modules/users/service';

export const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** admin: the back office: user directory, audit log and dashboard. */
export async function buildApp(config: AdminConfig, deps: ServiceDeps = {}): Promise<HttpApp> {
  const { app, runtime } = await createService({
    name: 'admin',
    title: 'LinksMate admin',
    schema,
    migrationsFolder,
    config,
    deps,
  });
  const internal = { serviceToken: config.SERVICE_TOKEN, timeoutMs: config.INTERNAL_TIMEOUT_MS };
  const identity = new IdentityClient({ ...internal, url: config.IDENTITY_URL });
  const payments = new PaymentsClient({ ...internal, url: config.PAYMENTS_URL });
  const audit = new AuditLog(runtime.db);
  const clock = deps.clock ?? systemClock;
  // One line per module.
  const directory = new Directory(runtime.db, runtime.preparedDb);
  consumeDirectory(runtime, directory);
  registerAdminUserRoutes(
    app,
    new AdminUsersService({
      db: runtime.db,
      directory,
      identity,
      payments,
      audit,
      clock,
    }),
  );
  const dashboard = new Dashboard({ db: runtime.db, directory, clock });
  consumeDashboard(runtime, dashboard);
  registerDashboardRoutes(app, dashboard);
  return app;
}
