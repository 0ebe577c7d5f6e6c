import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@linksmate/platform/config';
import { EmbeddedConfigSchema, SERVICE_DATABASES } from '../embedded/config';
import { EMBEDDED_RUN_FILE, readEmbeddedRun } from '../embedded/run-file';
import { ConfigProblem, type OpsContext, UsageError } from './verb';

/**
 * Where the operator command connects, from the environment, by the names the deployment already
 * uses: `<SERVICE>_DATABASE_URL` as in linksmate-secrets (IDENTITY_DATABASE_URL, PAYMENTS_…,
 * EVENTS_…, VENUES_…, MESSAGING_…, ADMIN_…); inside one service's pod, DATABASE_URL for that service
 * alone; AMQP_URL for the broker. `--embedded` takes the databases of the embedded run instead.
 */

export type ServiceName = keyof typeof SERVICE_DATABASES;
export const SERVICE_NAMES = Object.keys(SERVICE_DATABASES) as ServiceName[];

export const databaseVariable = (service: ServiceName) =>
  `${SERVICE_DATABASES[service].toUpperCase()}_DATABASE_URL`;

/** The services named on the command line (every one when none is); an unknown name is a usage error. */
export function servicesNamed(positionals: string[]): ServiceName[] {
  const unknown = positionals.filter((name) => !SERVICE_NAMES.includes(name as ServiceName));
  if (unknown.length)
    throw new UsageError(`unknown service ${unknown.join(', ')} (services: ${SERVICE_NAMES.join(', ')})`);
  return positionals.length ? [...new Set(positionals as ServiceName[])] : SERVICE_NAMES;
}

function checkedPostgresUrl(url: string, variable: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigProblem(`${variable}: not a postgres:// URL`);
  return url;
}

/**
 * The database URL of each service asked for. DATABASE_URL stands for a service only when it is the
 * one service the command is about: it is what each service's pod is given, and says not whose.
 */
export function databaseUrls(services: ServiceName[], context: OpsContext): Map<ServiceName, string> {
  if (context.embedded) return embeddedDatabaseUrls(services, context);
  const { env } = context;
  const urls = new Map<ServiceName, string>();
  for (const service of services) {
    const variable = databaseVariable(service);
    const own = env[variable];
    if (own) urls.set(service, checkedPostgresUrl(own, variable));
    else if (env.DATABASE_URL && services.length === 1)
      urls.set(service, checkedPostgresUrl(env.DATABASE_URL, 'DATABASE_URL'));
    else
      throw new ConfigProblem(
        env.DATABASE_URL
          ? `${variable} is not set: DATABASE_URL is one service's database, so name that one service (e.g. \`outbox status ${service}\`) or set ${variable}`
          : `${variable} is not set: ${service}'s database (or DATABASE_URL inside the ${service} pod for ${service} alone; --embedded for the embedded run)`,
      );
  }
  return urls;
}

function embeddedDatabaseUrls(services: ServiceName[], context: OpsContext): Map<ServiceName, string> {
  const dataDir = loadConfig(EmbeddedConfigSchema, { DATA_DIR: context.env.DATA_DIR }).DATA_DIR;
  const run = readEmbeddedRun(dataDir);
  if (!run)
    throw new ConfigProblem(
      `DATA_DIR: no embedded run is recorded in ${join(dataDir, EMBEDDED_RUN_FILE)}; start it with \`npm start\` (or set DATA_DIR to the folder it runs with)`,
    );
  return new Map(
    services.map((service) => {
      const url = run.databaseUrls[service];
      if (!url) throw new ConfigProblem(`DATA_DIR: ${EMBEDDED_RUN_FILE} names no database for ${service}`);
      return [service, url] as const;
    }),
  );
}

/** The broker's URL, for what lives in RabbitMQ; the embedded run has none. */
export function amqpUrl(context: OpsContext): string {
  const url = context.env.AMQP_URL;
  if (!url)
    throw new ConfigProblem(
      'AMQP_URL is not set: the dead-letter queues live in RabbitMQ. (The embedded run, `npm start`, has no broker: its in-process bus logs each event it dead-letters and keeps it in memory only, so there is nothing to list or replay there.)',
    );
  if (!/^amqps?:\/\//.test(url)) throw new ConfigProblem('AMQP_URL: not an amqp:// or amqps:// URL');
  return url;
}

/**
 * A service's migrations: beside its bundle in the image (dist/<service>/db/migrations, which
 * tools/build/bundle.mjs copies there, dist/ops/main.js being this code), else in its sources.
 */
export function migrationsFolder(service: ServiceName): string {
  const candidates = [
    fileURLToPath(new URL(`../${service}/db/migrations`, import.meta.url)),
    fileURLToPath(new URL(`../../../services/${service}/src/db/migrations`, import.meta.url)),
  ];
  const found = candidates.find((folder) => existsSync(join(folder, 'meta/_journal.json')));
  if (!found) throw new Error(`${service}: no migrations found (looked in ${candidates.join(', ')})`);
  return found;
}
