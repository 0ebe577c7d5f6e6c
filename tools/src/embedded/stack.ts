import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as admin from '@linksmate/admin';
import * as eventsBookings from '@linksmate/events-bookings';
import { buildGateway, loadGatewayConfig, type ServiceName } from '@linksmate/gateway';
import * as identity from '@linksmate/identity';
import * as membershipPayments from '@linksmate/membership-payments';
import * as messaging from '@linksmate/messaging';
import {
  createLogger,
  type HttpApp,
  InProcessEventBus,
  loadConfig,
  type ServiceDeps,
  type ServiceRuntime,
  serveMetrics,
  startTracing,
  stopTracing,
} from '@linksmate/platform';
import { ffmpegPath } from '@linksmate/platform/media';
import { eventRegistry } from '@linksmate/proto';
import * as venuesCoaches from '@linksmate/venues-coaches';
import sharp from 'sharp';
import { type BackupResult, writeBackup } from '../backup/backup';
import { ControlServer } from '../backup/control';
import { isRestored } from '../backup/restore';
import { MailboxServer, MailCatcher } from '../mail-catcher';
import { StripeSimulator } from '../stripe-simulator/simulator';
import { type EmbeddedConfig, EmbeddedConfigSchema, SERVICE_DATABASES } from './config';
import { LiveFigures } from './live-figures';
import { phaseBegins, timed } from './phases';
import { freePort } from './ports';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './postgres';
import { currentPostgresTemplate } from './postgres-template';
import { writeEmbeddedRun } from './run-file';
import { DemoLogins, type DemoSeeded, seedDemoData } from './seed';
import { drawDemoMedia } from './seed-directory';
import { seedPayments } from './seed-payments';

export { type EmbeddedConfig, EmbeddedConfigSchema } from './config';

/**
 * The simulator's keys. The secret one is drawn at each start: the gateway relays the simulator's
 * API to browsers, so a key anyone could read would let anyone refund anyone's payment.
 */
const SIMULATOR_KEYS = {
  secret: `sk_test_${randomBytes(18).toString('hex')}`,
  publishable: 'pk_test_simulator',
  webhookSecret: 'whsec_simulator',
} as const;

interface EmbeddedService {
  name: ServiceName;
  database: string;
  /** Settings of the embedded run beyond the shared ones. */
  env?: Record<string, string>;
  start(env: Record<string, string>, deps: ServiceDeps): Promise<HttpApp>;
}

/** Each service, the database it owns, and how it starts: its own config loader, its own app. */
const SERVICES: EmbeddedService[] = [
  {
    name: 'identity',
    database: SERVICE_DATABASES.identity,
    start: (env, deps) => identity.buildApp(identity.loadIdentityConfig(env), deps),
  },
  {
    name: 'membership-payments',
    database: SERVICE_DATABASES['membership-payments'],
    // The official SDK talks to the local simulator; with real keys it would talk to Stripe.
    env: {
      STRIPE_SECRET_KEY: SIMULATOR_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: SIMULATOR_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: SIMULATOR_KEYS.webhookSecret,
    },
    start: (env, deps) =>
      membershipPayments.buildApp(membershipPayments.loadMembershipPaymentsConfig(env), deps),
  },
  {
    name: 'events-bookings',
    database: SERVICE_DATABASES['events-bookings'],
    start: (env, deps) => eventsBookings.buildApp(eventsBookings.loadEventsBookingsConfig(env), deps),
  },
  {
    name: 'venues-coaches',
    database: SERVICE_DATABASES['venues-coaches'],
    start: (env, deps) => venuesCoaches.buildApp(venuesCoaches.loadVenuesCoachesConfig(env), deps),
  },
  {
    name: 'messaging',
    database: SERVICE_DATABASES.messaging,
    // SMTP_URL is the embedded run's mail catcher (below); people read its mailbox at /dev/mailbox.
    start: (env, deps) => messaging.buildApp(messaging.loadMessagingConfig(env), deps),
  },
  {
    name: 'admin',
    database: SERVICE_DATABASES.admin,
    start: (env, deps) => admin.buildApp(admin.loadAdminConfig(env), deps),
  },
];

export interface RunningStack {
  url: string;
  /** Where Prometheus (or a person) reads the run's metrics: `GET /metrics`. */
  metricsUrl: string;
  /** What this start added to the demo data (nothing when it was all there) and how long seeding took. */
  seeded: DemoSeeded & { seconds: number };
  /**
   * Writes one archive of the six databases, the uploads and the bus's queued events, all of one
   * instant (see writeBackup); `make backup` asks for it through the control endpoint.
   */
  backup(archive: string): Promise<BackupResult>;
  /**
   * Holds events still until the returned function is called: `relays`, the outbox relays stop
   * publishing; `deliveries`, the bus stops handing events to consumers (publishing goes on into
   * its queues). Resolves once what was in flight has finished.
   */
  holdEvents(what: { relays?: boolean; deliveries?: boolean }): Promise<() => void>;
  close(): Promise<void>;
}

const NOTHING_SEEDED: DemoSeeded = {
  venues: 0,
  coaches: 0,
  uploads: 0,
  courses: 0,
  rounds: 0,
  events: 0,
  results: 0,
  messages: 0,
  admin: 0,
  payments: 0,
};

/** Where the services' databases live; the embedded PostgreSQL by default. */
export type DatabaseProvider = (databases: string[], config: EmbeddedConfig) => Promise<EmbeddedDatabase>;

export interface StackOptions {
  databases?: DatabaseProvider;
  /** Gateway settings beyond the embedded run's (e.g. rate limits for a test that sends many requests). */
  gatewayEnv?: Record<string, string>;
}

const embeddedPostgres =
  (env: Record<string, string | undefined>, log: (line: string) => void): DatabaseProvider =>
  (databases, config) =>
    startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      dataDirChosen: Boolean(env.DATA_DIR),
      port: config.EMBEDDED_PG_PORT,
      databases,
      beforeDatabasesMade: true,
      template: currentPostgresTemplate(),
      log,
    });

/**
 * The whole platform in one process: embedded PostgreSQL with a database per service, the
 * in-process event bus, the six services each on its own loopback port, and the gateway in front.
 * The services are the very same code the distributed run starts one by one.
 */
export async function startStack(
  env: Record<string, string | undefined> = process.env,
  options: StackOptions = {},
): Promise<RunningStack> {
  const config = loadConfig(EmbeddedConfigSchema, env, 'embedded run');
  // libvips keeps up to 50 MB of finished operations for reuse; the demo pictures are each made
  // once and uploads are rare here, so the cache only holds memory.
  sharp.cache(false);
  // One libvips thread per picture: each thread holds its own buffers, and a demo has few pictures.
  sharp.concurrency(1);
  const logger = createLogger('linksmate', config.LOG_LEVEL);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse())
      await closer().catch((err) => logger.error({ err }, 'close failed'));
  };
  try {
    // Off unless an OTLP endpoint is configured; one process, so one `service.name` for all of it.
    if (await startTracing({ serviceName: 'linksmate', env })) closers.push(() => stopTracing());
    const provide =
      options.databases ?? embeddedPostgres(env, (line) => logger.debug({ component: 'postgres' }, line));
    const database = await provide(
      SERVICES.map((s) => s.database),
      config,
    );
    closers.push(() => database.stop());
    const forgetRun = writeEmbeddedRun(
      config.DATA_DIR,
      Object.fromEntries(SERVICES.map((s) => [s.name, database.urlFor(s.database)])),
    );
    closers.push(async () => forgetRun());
    // A venues database made at this start has no venue and no picture yet: every demo picture is
    // drawn (and the video encoded) from now, while the services start, rather than once seeding does.
    const media = database.created?.includes(SERVICE_DATABASES['venues-coaches'])
      ? drawDemoMedia(new Map(), ffmpegPath())
      : undefined;

    const bus = new InProcessEventBus({
      registry: eventRegistry,
      logger: logger.child({ component: 'event-bus' }),
      waitForStart: true,
      // Events a service published on its way out reach their consumers at the next start.
      stateFile: join(config.DATA_DIR, 'event-bus.json'),
    });
    closers.push(() => bus.close());

    const gatewayPort = config.PORT === 0 ? await freePort() : config.PORT;
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (s) => [s.name, await freePort()] as const)),
    );
    const urlOf = (name: ServiceName) => `http://127.0.0.1:${ports[name]}`;
    const stripe = new StripeSimulator({
      webhookUrl: `http://127.0.0.1:${gatewayPort}/api/v1/payments/webhook`,
      webhookSecret: SIMULATOR_KEYS.webhookSecret,
      publishableKey: SIMULATOR_KEYS.publishable,
      secretKey: SIMULATOR_KEYS.secret,
      // Development controls for whoever runs this on their machine, never through the gateway.
      controls: 'direct',
      // A membership paid at an earlier start is still the provider's to renew or cancel.
      stateFile: join(config.DATA_DIR, 'stripe-simulator.json'),
      log: (line) => logger.warn({ component: 'stripe-simulator' }, line),
    });
    await stripe.start();
    closers.push(() => stripe.close());
    // Mail goes to a real SMTP server inside the process; the gateway shows what it caught.
    const mailCatcher = new MailCatcher();
    await mailCatcher.start();
    closers.push(() => mailCatcher.stop());
    const mailbox = new MailboxServer(mailCatcher);
    await mailbox.start();
    closers.push(() => mailbox.close());
    // The /dev/metrics page's figures, from this process's metrics.
    const liveFigures = new LiveFigures();
    await liveFigures.start();
    closers.push(() => liveFigures.close());

    const shared = {
      LOG_LEVEL: config.LOG_LEVEL,
      JWKS_URL: `${urlOf('identity')}/.well-known/jwks.json`,
      SERVICE_TOKEN: config.SERVICE_TOKEN,
      // Where services call identity's /internal routes (venues-coaches: accounts for claims).
      IDENTITY_URL: urlOf('identity'),
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      // Every connection is a PostgreSQL process of a few MB; one person's clicks need few.
      DB_POOL_MAX: '3',
      // identity writes uploads here and the gateway serves them from here, at /uploads/<key>.
      STORAGE_DRIVER: 'local',
      UPLOADS_DIR: join(config.DATA_DIR, 'uploads'),
    };

    const runtimes: ServiceRuntime<Record<string, unknown>>[] = [];
    // All at once: each mostly waits on its own database's migrations. None calls another while it
    // starts (the others fetch identity's keys when they first check a token).
    const starting = SERVICES.map(async (service) => {
      const env = {
        ...shared,
        ...service.env,
        ...(service.name === 'membership-payments' ? { STRIPE_API_BASE: stripe.url } : {}),
        ...(service.name === 'messaging' ? { SMTP_URL: mailCatcher.smtpUrl } : {}),
        // events-bookings asks payments for event payment intents, their status and refunds; admin
        // asks it for granted memberships.
        ...(service.name === 'events-bookings' || service.name === 'admin'
          ? { PAYMENTS_URL: urlOf('membership-payments') }
          : {}),
        // events-bookings reads from venues-coaches the tee a round is entered on and the tees a
        // game's results are scored from.
        ...(service.name === 'events-bookings' ? { VENUES_URL: urlOf('venues-coaches') } : {}),
        DATABASE_URL: database.urlFor(service.database),
        PORT: String(ports[service.name]),
      };
      await database.made?.(service.database);
      const app = await timed(`service ${service.name}`, async () => {
        const app = await service.start(env, {
          bus,
          logger: logger.child({ service: service.name }),
          // Seeding calls few of each service's routes; the rest compile when first called.
          compileSchemasAtFirstUse: true,
        });
        await app.listen({ port: ports[service.name], host: '127.0.0.1' });
        return app;
      });
      runtimes.push(app.serviceRuntime);
      closers.push(() => app.close());
    });
    // Those that did start are closed with the rest when one did not.
    const failed = (await Promise.allSettled(starting)).find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    // Every service has subscribed: events may flow.
    await bus.start();
    // The gateway before the demo data: the payment provider's webhooks for the demo's card payments
    // reach payments through it, and those payments are made while the rest is seeded.
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
      STRIPE_SIMULATOR_URL: stripe.url,
      DEV_MAILBOX_URL: mailbox.url,
      DEV_METRICS_URL: liveFigures.url,
      ...options.gatewayEnv,
    });
    const gateway = await timed('gateway', async () => {
      const gateway = await buildGateway(gatewayConfig, {
        bus,
        logger: logger.child({ service: 'gateway' }),
      });
      await gateway.app.listen({ port: gatewayPort, host: config.HOST });
      return gateway;
    });
    closers.push(() => gateway.app.close());
    // The whole run's instruments, apart from the public address (README "Metrics").
    const metricsServer = await serveMetrics(config.METRICS_PORT, '127.0.0.1');
    closers.push(() => metricsServer.close());

    phaseBegins('seeding');
    const seedingStarted = performance.now();
    // Restored data is someone's data: no demo people, venues or payments are added to it.
    const demo = !isRestored(config.DATA_DIR);
    const whileSeeding = database.whileSeeding ?? (<T>(seeding: () => Promise<T>) => seeding());
    const seeded = !demo
      ? { ...NOTHING_SEEDED, seconds: 0 }
      : await whileSeeding(async () => {
          const paymentLogins = new DemoLogins(urlOf('identity'));
          const made = await seedDemoData(
            {
              identity: urlOf('identity'),
              payments: urlOf('membership-payments'),
              venues: urlOf('venues-coaches'),
              events: urlOf('events-bookings'),
              messaging: urlOf('messaging'),
              admin: urlOf('admin'),
            },
            config.SERVICE_TOKEN,
            {
              ffmpegPath: ffmpegPath(),
              media,
              payments: () =>
                seedPayments(
                  { payments: urlOf('membership-payments') },
                  {
                    login: paymentLogins.login,
                    simulator: { url: stripe.url, publishableKey: SIMULATOR_KEYS.publishable },
                  },
                ).finally(() => paymentLogins.endAll()),
            },
          );
          return { ...made, seconds: 0 };
        });
    seeded.seconds = (performance.now() - seedingStarted) / 1000;

    const holdEvents = async (what: { relays?: boolean; deliveries?: boolean }) => {
      // Relays first: a batch in flight commits, then the handlers its events reach finish.
      if (what.relays) await Promise.all(runtimes.map((runtime) => runtime.pauseRelay()));
      if (what.deliveries) await bus.pauseDeliveries();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (what.deliveries) bus.resumeDeliveries();
        if (what.relays) for (const runtime of runtimes) runtime.resumeRelay();
      };
    };
    const backup = (archive: string) => {
      let resumeEvents: (() => void) | undefined;
      return writeBackup(
        {
          taken: 'live',
          urlFor: database.urlFor,
          uploadsDir: shared.UPLOADS_DIR,
          pause: async () => {
            resumeEvents = await holdEvents({ relays: true, deliveries: true });
          },
          busState: async () => bus.undelivered(),
          resume: () => resumeEvents?.(),
        },
        archive,
      );
    };
    const control = await ControlServer.start(config.DATA_DIR, { backup });
    closers.push(() => control.close());
    return { url: publicUrl, metricsUrl: metricsServer.url, seeded, backup, holdEvents, close };
  } catch (err) {
    await close();
    throw err;
  }
}
