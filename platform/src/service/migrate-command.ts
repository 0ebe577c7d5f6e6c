import Type from 'typebox';
import { loadConfig, ServiceConfigFields } from '../config';
import { pendingMigrations, runMigrations } from '../db/migrate';
import { whenDatabaseAnswers } from '../db/reachable';
import { createLogger } from '../logger';

const MigrateConfig = Type.Object({
  DATABASE_URL: ServiceConfigFields.DATABASE_URL,
  LOG_LEVEL: ServiceConfigFields.LOG_LEVEL,
});

/**
 * `node <service>/main.js migrate` applies the service's migrations and exits (Kubernetes runs it
 * as each pod's init container, before the service starts); `migrate --pending` lists, one per
 * line, those the database has not applied, and applies nothing. Returns false when the arguments
 * name no command: the process then serves as usual.
 */
export async function runMigrateCommand(
  args: readonly string[],
  service: { name: string; migrationsFolder: string },
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  if (args[0] !== 'migrate') return false;
  // Only what migrating needs: its init container is given the database and nothing else.
  const config = loadConfig(MigrateConfig, env, service.name);
  const options = {
    service: service.name,
    databaseUrl: config.DATABASE_URL,
    migrationsFolder: service.migrationsFolder,
  };
  const logger = createLogger(service.name, config.LOG_LEVEL);
  const pending = () =>
    whenDatabaseAnswers(() => pendingMigrations(options.databaseUrl, options.migrationsFolder), {
      url: options.databaseUrl,
      logger,
    });
  const before = await pending();
  if (args.includes('--pending')) {
    for (const tag of before) process.stdout.write(`${tag}\n`);
    return true;
  }
  await whenDatabaseAnswers(
    () => runMigrations(options.databaseUrl, options.migrationsFolder, options.service),
    { url: options.databaseUrl, logger },
  );
  logger.info({ applied: before }, before.length ? 'migrations applied' : 'no migration pending');
  return true;
}
