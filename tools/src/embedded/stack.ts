import { join } from 'node:path';
import { buildApp as buildAdmin } from '@linksmate/admin';
import { buildApp as buildEventsBookings } from '@linksmate/events-bookings';
import { buildGateway, loadGatewayConfig, type ServiceName } from '@linksmate/gateway';
import { buildApp as buildIdentity } from '@linksmate/identity';
import { buildApp as buildMembershipPayments } from '@linksmate/membership-payments';
import { buildApp as buildMessaging } from '@linksmate/messaging';
import {
  createLogger,
  type HttpApp,
  InProcessEventBus,
  loadConfig,
  ServiceConfigFields,
  type ServiceDeps,
} from '@linksmate/platform';
import { eventRegistry } from '@linksmate/proto';
import { buildApp as buildVenuesCoaches } from '@linksmate/venues-coaches';
import Type from 'typebox';
import { freePort } from './ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './postgres';

const repoRoot = new URL('../../../', import.meta.url).pathname;

export const EmbeddedConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: Type.String({ default: join(repoRoot, '.data') }),
  EMBEDDED_PG_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 54329 }),
  LOG_LEVEL: ServiceConfigFields.LOG_LEVEL,
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SERVICE_TOKEN: ServiceConfigFields.SERVICE_TOKEN,
  WEB_DIST: Type.String({ default: join(repoRoot, 'web', 'dist') }),
});
export type EmbeddedConfig = Type.Static<typeof EmbeddedConfigSchema>;

/** Each service, the database it owns, and how to build it. */
const SERVICES: ReadonlyArray<{
  name: ServiceName;
  database: string;
  build: (config: never, deps: ServiceDeps) => Promise<HttpApp>;
}> = [
  { name: 'identity', database: 'identity', build: buildIdentity as never },
  { name: 'membership-payments', database: 'payments', build: buildMembershipPayments as never },
  { name: 'events-bookings', database: 'events', build: buildEventsBookings as never },
  { name: 'venues-coaches', database: 'venues', build: buildVenuesCoaches as never },
  { name: 'messaging', database: 'messaging', build: buildMessaging as never },
  { name: 'admin', database: 'admin', build: buildAdmin as never },
];

export interface RunningStack {
  url: string;
  close(): Promise<void>;
}

/**
 * The whole platform in one process: embedded PostgreSQL with a database per service, the
 * in-process event bus, the six services each on its own loopback port, and the gateway in front.
 * The services are the very same code the distributed run starts one by one.
 */
export async function startStack(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningStack> {
  const config = loadConfig(EmbeddedConfigSchema, env, 'embedded run');
  const logger = createLogger('linksmate', config.LOG_LEVEL);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse())
      await closer().catch((err) => logger.error({ err }, 'close failed'));
  };
  try {
    const database: EmbeddedDatabase = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      databases: SERVICES.map((s) => s.database),
      log: (line) => logger.debug({ component: 'postgres' }, line),
    });
    closers.push(() => database.stop());

    const bus = new InProcessEventBus({
      registry: eventRegistry,
      logger: logger.child({ component: 'event-bus' }),
    });
    await bus.start();
    closers.push(() => bus.close());

    const gatewayPort = config.PORT === 0 ? await freePort() : config.PORT;
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (s) => [s.name, await freePort()] as const)),
    );
    const urlOf = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`;
    const shared = {
      LOG_LEVEL: config.LOG_LEVEL,
      JWKS_URL: `${urlOf('identity')}/.well-known/jwks.json`,
      SERVICE_TOKEN: config.SERVICE_TOKEN,
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      DB_POOL_MAX: '5',
    };

    // Identity first: the others verify tokens with its keys.
    for (const service of SERVICES) {
      const serviceConfig = loadConfig(
        Type.Object({ ...ServiceConfigFields, PORT: Type.Integer() }),
        { ...shared, DATABASE_URL: database.urlFor(service.database), PORT: String(ports[service.name]) },
        service.name,
      );
      const app = await service.build(serviceConfig as never, {
        bus,
        logger: logger.child({ service: service.name }),
      });
      await app.listen({ port: ports[service.name], host: '127.0.0.1' });
      closers.push(() => app.close());
    }

    const gatewayConfig = loadGatewayConfig({
      ...shared,
      HOST: config.HOST,
      PORT: String(gatewayPort),
      IDENTITY_URL: urlOf('identity'),
      PAYMENTS_URL: urlOf('membership-payments'),
      EVENTS_URL: urlOf('events-bookings'),
      VENUES_URL: urlOf('venues-coaches'),
      MESSAGING_URL: urlOf('messaging'),
      ADMIN_URL: urlOf('admin'),
      WEB_DIST: config.WEB_DIST,
    });
    const gateway = await buildGateway(gatewayConfig, { bus, logger: logger.child({ service: 'gateway' }) });
    await gateway.app.listen({ port: gatewayPort, host: config.HOST });
    closers.push(() => gateway.app.close());
    return { url: publicUrl, close };
  } catch (err) {
    await close();
    throw err;
  }
}
