import Type from 'typebox';
import { loadConfig, ServiceConfigFields } from '../config';
import { pendingMigrations, runMigrations } from '../db/migrate';
import { whenDatabaseAnswers } from '../db/reachable';
import { createLogger, type Logger } from '../logger';

const MigrateConfig = Type.Object({
  DATABASE_URL: ServiceConfigFields.DATABASE_URL,
  LOG_LEVEL: ServiceConfigFields.LOG_LEVEL,
});

export interface MigrationTarget {
  service: string;
  databaseUrl: string;
  migrationsFolder: string;
}

/**
 * The migrations a service's database lacks, oldest first; with `apply`, applies them too (in turns
 * with any replica migrating at once). Waits up to `waitMs` (2 min) for an unreachable database.
 */
export async function migrateDatabase(
  target: MigrationTarget,
  options: { apply: boolean; logger: Logger; waitMs?: number },
): Promise<string[]> {
  const reachable = { url: target.databaseUrl, logger: options.logger, waitMs: options.waitMs };
  const pending = await whenDatabaseAnswers(
    () => pendingMigrations(target.databaseUrl, target.migrationsFolder),
    reachable,
  );
  if (options.apply)
    await whenDatabaseAnswers(
      () => runMigrations(target.databaseUrl, target.migrationsFolder, target.service),
      reachable,
    );
  return pending;
}

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
  const target = {
    service: service.name,
    databaseUrl: config.DATABASE_URL,
    migrationsFolder: service.migrationsFolder,
  };
  const logger = createLogger(service.name, config.LOG_LEVEL);
  if (args.includes('--pending')) {
    for (const tag of await migrateDatabase(target, { apply: false, logger }))
      process.stdout.write(`${tag}\n`);
    return true;
  }
  const applied = await migrateDatabase(target, { apply: true, logger });
  logger.info({ applied }, applied.length ? 'migrations applied' : 'no migration pending');
  return true;
}
