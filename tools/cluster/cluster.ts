import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SERVICE_NAMES, type ServiceName } from '@linksmate/gateway';
import { createTestDatabase, TcpProxy, type TestDatabase, testAmqpUrl } from '@linksmate/platform/testing';
import { freePort } from '../src/embedded/ports';
import { MailCatcher } from '../src/mail-catcher';
import { StripeSimulator } from '../src/stripe-simulator/simulator';
import { RoundRobinFront } from './front';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
/** Inside the clone (gitignored), so the bundles resolve their packages from its node_modules. */
const out = join(root, '.artifacts/cluster');
const dist = join(out, 'dist');

/** Which variable of the gateway (and of the services that call others) names each service. */
const URL_VARIABLE: Record<ServiceName, string> = {
  identity: 'IDENTITY_URL',
  'membership-payments': 'PAYMENTS_URL',
  'events-bookings': 'EVENTS_URL',
  'venues-coaches': 'VENUES_URL',
  messaging: 'MESSAGING_URL',
  admin: 'ADMIN_URL',
};

/** The service whose database the outage scenario cuts: its replicas reach PostgreSQL through a proxy. */
export const DATABASE_CUT_SERVICE: ServiceName = 'venues-coaches';

export const SERVICES = [...SERVICE_NAMES];

/** Every process started and not yet exited: killed if the test run itself exits first. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** One process of the cluster: a replica of a service or a gateway, started from its bundle. */
export class Replica {
  child?: ChildProcess;
  output = '';
  readonly url: string;

  constructor(
    readonly name: string,
    readonly bundle: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts `node dist/<bundle>/main.js` and waits until its /ready answers 200. */
  async start(timeoutMs = 90_000): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [join(dist, this.bundle, 'main.js')], {
      cwd: out,
      env: { PATH: process.env.PATH ?? '', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    // Only the tail is kept: it is printed when something fails.
    const keep = (d: Buffer) => {
      this.output = (this.output + d.toString()).slice(-8_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      const answered = await fetch(`${this.url}/ready`, { signal: AbortSignal.timeout(2_000) }).catch(
        () => undefined,
      );
      await answered?.body?.cancel();
      if (answered?.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL, and resolves once it has exited. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async ready(): Promise<boolean> {
    const answered = await fetch(`${this.url}/ready`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => undefined,
    );
    await answered?.body?.cancel();
    return answered?.status === 200;
  }
}

/**
 * A RabbitMQ virtual host of the run's own (rabbitmqctl, when RabbitMQ is local), so its queues,
 * named as every run's are, take no events from other runs on the broker. Else the shared host.
 */
async function scratchVhost(amqpUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(amqpUrl);
  const name = `lmcluster-${randomBytes(4).toString('hex')}`;
  const ctl = (...args: string[]) => execFileAsync('rabbitmqctl', ['-q', ...args], { timeout: 60_000 });
  try {
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
      throw new Error(`RabbitMQ at ${url.hostname} is not local`);
    await ctl('add_vhost', name);
    await ctl('set_permissions', '-p', name, decodeURIComponent(url.username || 'guest'), '.*', '.*', '.*');
  } catch (err) {
    console.log(`(replica tier shares RabbitMQ's virtual host: ${(err as Error).message.split('\n')[0]})`);
    return { url: amqpUrl, drop: async () => {} };
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return { url: url.toString(), drop: () => ctl('delete_vhost', name).then(() => {}) };
}

export interface Cluster {
  /** The round-robin front of the two gateways: what people reach. */
  url: string;
  gateways: [Replica, Replica];
  replicas: Record<ServiceName, [Replica, Replica]>;
  /** The fronts of each service, which the gateways and services call. */
  serviceUrls: Record<ServiceName, string>;
  databases: Record<ServiceName, TestDatabase>;
  /** Between every process and RabbitMQ. */
  rabbitProxy: TcpProxy;
  /** Between DATABASE_CUT_SERVICE's replicas and PostgreSQL. */
  databaseProxy: TcpProxy;
  mail: MailCatcher;
  serviceToken: string;
  stop(): Promise<void>;
}

/**
 * The platform as replicas on this machine: the bundles built, a fresh database per service (cloned
 * from the migrated templates), a virtual host of its own on RabbitMQ reached through a TCP proxy, a
 * mail catcher and the Stripe simulator, two replicas of each service behind a round-robin front
 * each, and two gateways behind another. If a step fails, what had started is stopped.
 */
export async function startCluster(): Promise<Cluster> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const processes: Replica[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    rmSync(out, { recursive: true, force: true });
    execFileSync(process.execPath, [join(root, 'tools/build/bundle.mjs'), dist], { stdio: 'pipe' });
    cleanups.push(async () => rmSync(out, { recursive: true, force: true }));

    const databases = Object.fromEntries(
      await Promise.all(
        SERVICES.map(
          async (name) =>
            [
              name,
              await createTestDatabase(`cluster_${name}`, join(root, `services/${name}/src/db/migrations`)),
            ] as const,
        ),
      ),
    ) as Record<ServiceName, TestDatabase>;
    cleanups.push(() => Promise.all(Object.values(databases).map((d) => d.drop())));

    const vhost = await scratchVhost(testAmqpUrl());
    cleanups.push(() => vhost.drop());
    const broker = new URL(vhost.url);
    const rabbitProxy = new TcpProxy(broker.hostname, Number(broker.port || 5672));
    await rabbitProxy.start();
    cleanups.push(() => rabbitProxy.stop());
    broker.hostname = '127.0.0.1';
    broker.port = String(rabbitProxy.port);
    const amqpUrl = broker.toString();

    const cutDatabase = new URL(databases[DATABASE_CUT_SERVICE].url);
    const databaseProxy = new TcpProxy(cutDatabase.hostname, Number(cutDatabase.port || 5432));
    await databaseProxy.start();
    cleanups.push(() => databaseProxy.stop());
    cutDatabase.hostname = '127.0.0.1';
    cutDatabase.port = String(databaseProxy.port);

    const mail = new MailCatcher();
    await mail.start();
    cleanups.push(() => mail.stop());
    const stripe = new StripeSimulator({
      webhookSecret: 'whsec_simulator',
      publishableKey: 'pk_test_simulator',
    });
    await stripe.start();
    cleanups.push(() => stripe.close());
    const uploads = mkdtempSync(join(tmpdir(), 'lm-cluster-uploads-'));
    cleanups.push(async () => rmSync(uploads, { recursive: true, force: true }));

    const fronts = Object.fromEntries(
      SERVICES.map((name) => [name, new RoundRobinFront(name, [])]),
    ) as Record<ServiceName, RoundRobinFront>;
    for (const front of Object.values(fronts)) {
      await front.start();
      cleanups.push(() => front.stop());
    }
    const serviceUrls = Object.fromEntries(SERVICES.map((n) => [n, fronts[n].url])) as Record<
      ServiceName,
      string
    >;
    const serviceToken = randomBytes(24).toString('hex');
    const common: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      AMQP_URL: amqpUrl,
      JWKS_URL: `${serviceUrls.identity}/.well-known/jwks.json`,
      SERVICE_TOKEN: serviceToken,
      PUBLIC_URL: 'https://linksmate.example',
      UPLOADS_DIR: uploads,
      // Twelve service processes share the test PostgreSQL with whatever else runs on it.
      DB_POOL_MAX: '4',
      ...Object.fromEntries(SERVICES.map((n) => [URL_VARIABLE[n], serviceUrls[n]])),
    };
    const serviceEnv: Record<ServiceName, Record<string, string>> = {
      identity: { KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
      'membership-payments': {
        STRIPE_SECRET_KEY: 'sk_test_simulator',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_simulator',
        STRIPE_WEBHOOK_SECRET: 'whsec_simulator',
        STRIPE_API_BASE: stripe.url,
      },
      // The reminders job looks every second on both replicas (docs/product.md#reminders).
      'events-bookings': { REMINDER_SWEEP_INTERVAL_MS: '1000' },
      'venues-coaches': { DATABASE_URL: cutDatabase.toString() },
      // The digest job looks every second on both replicas (its lock lets one run at a time).
      messaging: { SMTP_URL: mail.smtpUrl, DIGEST_SWEEP_INTERVAL_MS: '1000' },
      admin: {},
    };
    const replicas = {} as Record<ServiceName, [Replica, Replica]>;
    for (const name of SERVICES) {
      const env = { ...common, DATABASE_URL: databases[name].url, ...serviceEnv[name] };
      replicas[name] = [
        new Replica(`${name}#1`, name, await freePort(), env),
        new Replica(`${name}#2`, name, await freePort(), env),
      ];
      processes.push(...replicas[name]);
      fronts[name].backends = replicas[name].map((r) => r.url);
    }
    // identity first: the others read its keys, and its first start makes them.
    await replicas.identity[0].start();
    await Promise.all(SERVICES.filter((n) => n !== 'identity').map((n) => replicas[n][0].start()));
    await Promise.all(SERVICES.map((n) => replicas[n][1].start()));

    const gatewayEnv = {
      ...common,
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: 'false',
    };
    const gateways: [Replica, Replica] = [
      new Replica('gateway#A', 'gateway', await freePort(), gatewayEnv),
      new Replica('gateway#B', 'gateway', await freePort(), gatewayEnv),
    ];
    processes.push(...gateways);
    await Promise.all(gateways.map((g) => g.start()));
    const front = new RoundRobinFront(
      'gateway',
      gateways.map((g) => g.url),
    );
    await front.start();
    cleanups.push(() => front.stop());
    return {
      url: front.url,
      gateways,
      replicas,
      serviceUrls,
      databases,
      rabbitProxy,
      databaseProxy,
      mail,
      serviceToken,
      stop,
    };
  } catch (err) {
    const tails = processes
      .filter((p) => p.output)
      .map((p) => `--- ${p.name}\n${p.output}`)
      .join('\n');
    await stop();
    throw tails ? new Error(`${(err as Error).message}\n${tails}`) : err;
  }
}
