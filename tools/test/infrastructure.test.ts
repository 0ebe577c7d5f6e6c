/**
 * Checks the deployment descriptors without a Docker engine or a cluster: docker-compose.yml is
 * validated by compose itself and then read, and the kustomize base and dev overlay are rendered
 * with `kubectl kustomize` and their objects checked against each other (selectors, ports,
 * probes, resources, autoscalers, disruption budgets, secret keys, network policies, the edge
 * (an HTTPRoute and Envoy Gateway's Gateway and policies), and the Stripe simulator that compose
 * and the dev overlay run and the base does not).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GatewayConfigSchema } from '@linksmate/gateway';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const repoPath = (relative: string) => fileURLToPath(new URL(relative, new URL('../../', import.meta.url)));

/** Each service and the database it owns (docs/architecture.md#who-owns-what). */
const SERVICE_DATABASES: Record<string, string> = {
  identity: 'identity',
  'membership-payments': 'payments',
  'events-bookings': 'events',
  'venues-coaches': 'venues',
  messaging: 'messaging',
  admin: 'admin',
};
const SERVICES = Object.keys(SERVICE_DATABASES);
const DATABASES = Object.values(SERVICE_DATABASES);
const APP_PROCESSES = ['gateway', ...SERVICES];
const APP_IMAGE = 'linksmate/app';
/** The Dockerfile's development-only target: the Stripe simulator (the app image carries none). */
const DEVTOOLS_IMAGE = 'linksmate/devtools';
/** Each app process's compiled entry in the image (tools/build/bundle.mjs). */
const entryOf = (process: string) => `dist/${process}/main.js`;
/** The development-only Stripe simulator: same image, its own entry point and port. */
const SIMULATOR = 'stripe-simulator';
const SIMULATOR_ENTRY = 'tools/src/stripe-simulator/main.ts';
const SIMULATOR_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_simulator',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_simulator',
  STRIPE_WEBHOOK_SECRET: 'whsec_simulator',
};
/** Where Stripe, and so the simulator, delivers webhooks: through the gateway. */
const WEBHOOK_PATH = '/api/v1/payments/webhook';

// ----- running tools ------------------------------------------------------------------------

type RunResult = { ok: true; stdout: string } | { ok: false; missing: boolean; output: string };

function run(command: string, args: string[]): RunResult {
  try {
    const stdout = execFileSync(command, args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 50_000,
    });
    return { ok: true, stdout };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') return { ok: false, missing: true, output: `${command}: not found` };
    return {
      ok: false,
      missing: false,
      output: `${e.stderr ?? ''}${e.stdout ?? ''}`.trim() || String(e.message),
    };
  }
}

/** The compose CLI to use: the Docker Compose plugin if it answers, else docker-compose 1.x. */
function composeCommand(): [string, ...string[]] {
  if (run('docker', ['compose', 'version']).ok) return ['docker', 'compose'];
  if (run('docker-compose', ['version']).ok) return ['docker-compose'];
  throw new Error(
    'Neither `docker compose` nor `docker-compose` is available to validate docker-compose.yml. ' +
      "Install the Docker Compose plugin (package docker-compose-plugin) or Debian's docker-compose " +
      '(apt-get install docker-compose); neither needs a running Docker engine for `config`.',
  );
}

const renders = new Map<string, { docs: K8sObject[] } | { error: Error }>();

/** Renders a kustomization with kubectl's built-in kustomize (or a standalone kustomize). */
function kustomize(dir: string): K8sObject[] {
  let cached = renders.get(dir);
  if (!cached) {
    cached = renderKustomization(dir);
    renders.set(dir, cached);
  }
  if ('error' in cached) throw cached.error;
  return cached.docs;
}

function renderKustomization(dir: string): { docs: K8sObject[] } | { error: Error } {
  let result = run('kubectl', ['kustomize', dir]);
  if (!result.ok && result.missing) result = run('kustomize', ['build', dir]);
  if (!result.ok) {
    if (result.missing) {
      return {
        error: new Error(
          'kubectl is not installed, so the Kubernetes manifests cannot be rendered. Install kubectl ' +
            '(it has kustomize built in; e.g. from the Kubernetes apt repository pkgs.k8s.io) or the ' +
            'standalone kustomize binary, and run the test again.',
        ),
      };
    }
    return { error: new Error(`kustomize could not render ${dir}:\n${result.output}`) };
  }
  const docs: K8sObject[] = [];
  for (const doc of parseAllDocuments(result.stdout)) {
    if (doc.errors.length)
      return { error: new Error(`${dir}: rendered YAML is invalid: ${doc.errors[0]?.message}`) };
    const value = doc.toJS() as K8sObject | null;
    if (value) docs.push(value);
  }
  return { docs };
}

// ----- Kubernetes object helpers --------------------------------------------------------------

type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path?: string; port?: string | number };
  exec?: { command?: string[] };
  tcpSocket?: { port?: string | number };
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string };
      configMapKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodTemplate {
  metadata?: { labels?: Labels };
  spec: { containers: Container[]; initContainers?: Container[] };
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: the spec's shape depends on the kind
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const ofKind = (docs: K8sObject[], kind: string) => docs.filter((d) => d.kind === kind);
const workloads = (docs: K8sObject[]) =>
  docs.filter((d) => d.kind === 'Deployment' || d.kind === 'StatefulSet');
const template = (workload: K8sObject) => workload.spec.template as PodTemplate;
const containersOf = (workload: K8sObject) => [
  ...template(workload).spec.containers,
  ...(template(workload).spec.initContainers ?? []),
];
/** The image is `repository` (any tag), pulled from any registry (`registry.example.com/linksmate/app`). */
const isImage = (repository: string) => (image: string | undefined) => {
  const name = image?.split(':')[0];
  return name === repository || !!name?.endsWith(`/${repository}`);
};
const isAppImage = isImage(APP_IMAGE);
const isDevtoolsImage = isImage(DEVTOOLS_IMAGE);
const commandLine = (c: Container) => [...(c.command ?? []), ...(c.args ?? [])].join(' ');
/** The Deployments of the gateway and the six services: those running the app image's compiled entries. */
const appDeployments = (docs: K8sObject[]) =>
  ofKind(docs, 'Deployment').filter((d) =>
    template(d).spec.containers.some(
      (c) => isAppImage(c.image) && /(^| )dist\/[a-z-]+\/main\.js$/.test(commandLine(c)),
    ),
  );
/** Deployments running the Stripe simulator, whatever they are called. */
const simulatorDeployments = (docs: K8sObject[]) =>
  ofKind(docs, 'Deployment').filter((d) =>
    template(d).spec.containers.some((c) => commandLine(c).includes(SIMULATOR_ENTRY)),
  );

/** A label selector (matchLabels form, or a Service's plain map) selects these labels. */
function selects(selector: Labels | undefined, labels: Labels | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

function isContainerPort(container: Container, port: string | number | undefined): boolean {
  if (port === undefined) return false;
  return (container.ports ?? []).some((p) => p.name === port || p.containerPort === port);
}

/** A variable's value in a container: its `env` entry, else the last envFrom source holding it. */
function envValue(container: Container, name: string, docs: K8sObject[]): string | undefined {
  const entry = container.env?.find((e) => e.name === name);
  const keyOf = (object: K8sObject | undefined, key: string) =>
    object?.stringData?.[key] ?? object?.data?.[key];
  if (!entry) {
    for (const source of [...(container.envFrom ?? [])].reverse()) {
      const ref = source.configMapRef ?? source.secretRef;
      const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
      const value = keyOf(
        ofKind(docs, kind).find((d) => d.metadata.name === ref?.name),
        name,
      );
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (entry.value !== undefined) return entry.value;
  const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
  const kind = entry.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap';
  const source = ofKind(docs, kind).find((d) => d.metadata.name === ref?.name);
  return ref ? keyOf(source, ref.key) : undefined;
}

/** Database names created by `CREATE DATABASE` statements in an SQL script. */
function createdDatabases(sql: string): string[] {
  return [...sql.matchAll(/create\s+database\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
    (m[1] ?? '').toLowerCase(),
  );
}

// ----- docker-compose.yml ---------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  ports?: (string | { published?: string | number; target?: number })[];
  volumes?: (string | { source?: string; target?: string })[];
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Replaces ${VAR:-default} / ${VAR-default} with its default, ${VAR} with '', as compose would without env. */
const withComposeDefaults = (value: string) =>
  value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/gi, (_m, fallback: string | undefined) => fallback ?? '');

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const i = entry.indexOf('=');
        return i < 0 ? [entry, ''] : [entry.slice(0, i), entry.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, withComposeDefaults(String(v ?? ''))]));
}

/** Services that others wait on with `service_completed_successfully`: steps that run once and exit. */
function oneShotSteps(services: Record<string, ComposeService>): Set<string> {
  const steps = new Set<string>();
  for (const service of Object.values(services)) {
    const deps = service.depends_on;
    if (!deps || Array.isArray(deps)) continue;
    for (const [dep, { condition }] of Object.entries(deps))
      if (condition === 'service_completed_successfully') steps.add(dep);
  }
  return steps;
}

function loadCompose(): ComposeFile {
  // merge: true resolves the `<<: *anchor` merge keys the file uses for shared settings.
  return parse(readFileSync(repoPath('docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
}

describe('docker-compose.yml', () => {
  it('when compose validates the file, then it reports no error', () => {
    const [command, ...prefix] = composeCommand();
    const result = run(command, [...prefix, '-f', repoPath('docker-compose.yml'), 'config', '-q']);
    if (!result.ok)
      throw new Error(`\`${command} ${[...prefix, 'config', '-q'].join(' ')}\` failed:\n${result.output}`);
  });

  it('when the file is read, then the six services, the gateway, postgres, rabbitmq and a mail catcher are defined', () => {
    const { services } = loadCompose();
    for (const name of [...APP_PROCESSES, 'postgres', 'rabbitmq'])
      expect(Object.keys(services)).toContain(name);
    expect(services.postgres?.image).toMatch(/^postgres:18/);
    expect(services.rabbitmq?.image).toMatch(/^rabbitmq:4\.\d+-management$/);
    const mailCatchers = Object.values(services).filter((s) =>
      /mailpit|mailhog|smtp4dev/.test(s.image ?? ''),
    );
    expect(mailCatchers, 'a mail catcher service (e.g. axllent/mailpit)').toHaveLength(1);
  });

  it('when the file is read, then every long-running container has a health check, and one-shot steps are awaited to completion', () => {
    const { services } = loadCompose();
    const oneShots = oneShotSteps(services);
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, `${name} has a restart policy`).toBeTruthy();
      // A step that runs once and exits (creating a bucket) has no health: others wait for its success.
      if (oneShots.has(name)) {
        expect(service.restart, `${name} is not restarted after it succeeded`).toMatch(/^(no|on-failure)/);
        continue;
      }
      expect(service.healthcheck?.test, `${name} has a healthcheck`).toBeTruthy();
      expect(service.healthcheck?.disable, `${name} healthcheck is enabled`).not.toBe(true);
    }
    const check = (name: string) => [services[name]?.healthcheck?.test ?? []].flat().join(' ');
    expect(check('postgres')).toContain('pg_isready');
    expect(check('rabbitmq')).toContain('rabbitmq-diagnostics');
    for (const name of APP_PROCESSES) expect(check(name), `${name} checks /ready`).toContain('/ready');
  });

  it('when the app processes are read, then all seven share one image and start their own entry point', () => {
    const { services } = loadCompose();
    const images = new Set(APP_PROCESSES.map((name) => services[name]?.image));
    expect(images.size).toBe(1);
    expect([...images][0]).toMatch(/^linksmate\/app(:|$)/);
    for (const name of APP_PROCESSES) {
      expect(services[name]?.build, `${name} builds from the Dockerfile`).toBeTruthy();
      expect([services[name]?.command ?? []].flat(), `${name} command`).toEqual(['node', entryOf(name)]);
    }
  });

  it("when each service's DATABASE_URL is read, then it names that service's own database on postgres", () => {
    const { services } = loadCompose();
    for (const [name, database] of Object.entries(SERVICE_DATABASES)) {
      const url = new URL(environmentOf(services[name] as ComposeService).DATABASE_URL ?? 'missing://');
      expect(url.protocol, `${name} DATABASE_URL scheme`).toMatch(/^postgres(ql)?:$/);
      expect(url.hostname, `${name} DATABASE_URL host`).toBe('postgres');
      expect(url.pathname, `${name} DATABASE_URL database`).toBe(`/${database}`);
    }
    expect(environmentOf(services.gateway as ComposeService).DATABASE_URL).toBeUndefined();
  });

  it('when the services and gateway are read, then they wait for healthy dependencies and reach the bus', () => {
    const { services } = loadCompose();
    const healthyDeps = (name: string) => {
      const deps = services[name]?.depends_on ?? {};
      expect(Array.isArray(deps), `${name} depends_on uses conditions`).toBe(false);
      return Object.entries(deps as Record<string, { condition?: string }>)
        .filter(([, d]) => d.condition === 'service_healthy')
        .map(([dep]) => dep);
    };
    for (const name of SERVICES) {
      expect(healthyDeps(name), `${name} waits for postgres and rabbitmq`).toEqual(
        expect.arrayContaining(['postgres', 'rabbitmq']),
      );
    }
    expect(healthyDeps('gateway')).toEqual(expect.arrayContaining(['rabbitmq', ...SERVICES]));
    for (const name of APP_PROCESSES) {
      const env = environmentOf(services[name] as ComposeService);
      expect(env.AMQP_URL, `${name} AMQP_URL`).toMatch(/^amqp:\/\/[^@]+@rabbitmq:5672/);
      expect(env.HOST, `${name} HOST`).toBe('0.0.0.0');
      expect(env.JWKS_URL, `${name} JWKS_URL`).toBe('http://identity:3001/.well-known/jwks.json');
      expect((env.SERVICE_TOKEN ?? '').length, `${name} SERVICE_TOKEN length`).toBeGreaterThanOrEqual(16);
    }
    const gatewayPorts = (services.gateway?.ports ?? []).map(String);
    expect(
      gatewayPorts.some((p) => /(^|:)8080:8080$/.test(p)),
      'gateway published on 8080',
    ).toBe(true);
    expect(environmentOf(services.messaging as ComposeService).SMTP_URL).toMatch(/^smtp:\/\/mailpit:1025/);
  });

  it('when the Stripe simulator is read, then it runs from the devtools target with a health check, on the host only at 127.0.0.1', () => {
    const { services } = loadCompose();
    const simulator = services[SIMULATOR];
    expect(simulator, `a ${SIMULATOR} service`).toBeTruthy();
    expect(isDevtoolsImage(simulator?.image), 'the devtools image').toBe(true);
    expect(simulator?.build as { target?: string }, 'built from the devtools target').toMatchObject({
      target: 'devtools',
    });
    expect([simulator?.command ?? []].flat().join(' ')).toContain(SIMULATOR_ENTRY);
    expect(simulator?.healthcheck?.test, 'its own healthcheck').toBeTruthy();
    expect(simulator?.healthcheck?.disable).not.toBe(true);
    expect(simulator?.restart, 'a restart policy').toBeTruthy();
    expect(environmentOf(simulator as ComposeService).HOST).toBe('0.0.0.0');
    for (const port of (simulator?.ports ?? []).map(String))
      expect(port, 'published on the loopback interface only').toMatch(/^127\.0\.0\.1:/);
    const webhook = new URL(environmentOf(simulator as ComposeService).WEBHOOK_URL ?? 'missing://');
    expect(webhook.hostname, 'webhooks go through the gateway').toBe('gateway');
    expect(webhook.port).toBe('8080');
    expect(webhook.pathname).toBe(WEBHOOK_PATH);
  });

  it('when membership-payments and the gateway are read, then by default they use the Stripe simulator with its keys and wait for it', () => {
    const { services } = loadCompose();
    const simulatorEnv = environmentOf(services[SIMULATOR] as ComposeService);
    const simulatorPort = simulatorEnv.PORT ?? '12111';
    const payments = environmentOf(services['membership-payments'] as ComposeService);
    const gateway = environmentOf(services.gateway as ComposeService);
    for (const [name, value] of [
      ['membership-payments STRIPE_API_BASE', payments.STRIPE_API_BASE],
      ['gateway STRIPE_SIMULATOR_URL', gateway.STRIPE_SIMULATOR_URL],
    ]) {
      const url = new URL(value ?? 'missing://');
      expect(url.hostname, name).toBe(SIMULATOR);
      expect(url.port, name).toBe(simulatorPort);
    }
    expect(payments).toMatchObject(SIMULATOR_KEYS);
    // The simulator signs webhooks and accepts the browser's key with the same values.
    expect(simulatorEnv.STRIPE_WEBHOOK_SECRET ?? 'whsec_simulator').toBe(payments.STRIPE_WEBHOOK_SECRET);
    expect(simulatorEnv.STRIPE_PUBLISHABLE_KEY ?? 'pk_test_simulator').toBe(payments.STRIPE_PUBLISHABLE_KEY);
    for (const name of ['membership-payments', 'gateway']) {
      const deps = (services[name]?.depends_on ?? {}) as Record<string, { condition?: string }>;
      expect(deps[SIMULATOR]?.condition, `${name} waits for a healthy simulator`).toBe('service_healthy');
    }
  });

  it('when STRIPE_API_BASE and STRIPE_SIMULATOR_URL are set empty, then compose keeps them empty so real Stripe is used', () => {
    // `${VAR-default}` falls back only when VAR is unset; `${VAR:-default}` also when it is empty.
    const raw = (name: string, key: string) => {
      const env = loadCompose().services[name]?.environment;
      return Array.isArray(env) ? undefined : String(env?.[key]);
    };
    expect(raw('membership-payments', 'STRIPE_API_BASE')).toMatch(/^\$\{STRIPE_API_BASE-[^}]+\}$/);
    expect(raw('gateway', 'STRIPE_SIMULATOR_URL')).toMatch(/^\$\{STRIPE_SIMULATOR_URL-[^}]+\}$/);
  });

  it('when postgres is read, then its data lives in a named volume and the init script creates all six databases', () => {
    const { services, volumes } = loadCompose();
    const mounts = (services.postgres?.volumes ?? []).map(String);
    // PostgreSQL 18's image keeps its cluster below /var/lib/postgresql (18/docker): the volume is that folder.
    const dataVolume = mounts.find((m) => m.endsWith(':/var/lib/postgresql'))?.split(':')[0];
    expect(dataVolume, 'postgres data volume').toBeTruthy();
    expect(Object.keys(volumes ?? {})).toContain(dataVolume);
    expect(
      mounts.some((m) => /^\.\/deploy\/postgres\/init\.sql:\/docker-entrypoint-initdb\.d\//.test(m)),
    ).toBe(true);
    const created = createdDatabases(readFileSync(repoPath('deploy/postgres/init.sql'), 'utf8'));
    expect(created.sort()).toEqual([...DATABASES].sort());
  });

  it('when uploads are read, then SeaweedFS keeps them in a named volume, a one-shot step makes the bucket, and identity and the gateway use it over S3', () => {
    const { services, volumes } = loadCompose();
    const store = services.s3 as ComposeService;
    expect(store?.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
    const dataVolume = (store.volumes ?? [])
      .map(String)
      .find((m) => m.endsWith(':/data'))
      ?.split(':')[0];
    expect(Object.keys(volumes ?? {})).toContain(dataVolume);
    expect(store.ports ?? [], 'the store is reached through the gateway only').toEqual([]);
    const storeEnv = environmentOf(store);
    const storeScript = [store.entrypoint ?? [], store.command ?? []].flat().join(' ');
    expect(storeScript).toContain('-s3.config=');
    expect(storeScript, 'its one identity is the key the app is given').toMatch(
      /\$\$?S3_ACCESS_KEY_ID.*\$\$?S3_SECRET_ACCESS_KEY/,
    );

    const [init, ...otherInits] = Object.entries(services).filter(
      ([name, s]) => name !== 's3' && /^chrislusf\/seaweedfs:/.test(s.image ?? ''),
    );
    expect(otherInits).toHaveLength(0);
    const [initName, initService] = init as [string, ComposeService];
    expect((initService.depends_on as Record<string, { condition?: string }>).s3?.condition).toBe(
      'service_healthy',
    );
    const script = [initService.entrypoint ?? [], initService.command ?? []].flat().join(' ');
    expect(script).toContain('s3.bucket.list');
    expect(script).toContain('s3.bucket.create -name');
    expect(script).toContain('-master=s3:9333');
    const bucket = environmentOf(initService).S3_BUCKET;
    expect(bucket).toBeTruthy();

    for (const name of ['identity', 'venues-coaches', 'messaging', 'gateway']) {
      const env = environmentOf(services[name] as ComposeService);
      expect(env.STORAGE_DRIVER, `${name} STORAGE_DRIVER`).toBe('s3');
      expect(new URL(env.S3_ENDPOINT ?? 'missing://').hostname, `${name} S3_ENDPOINT`).toBe('s3');
      expect(new URL(env.S3_ENDPOINT ?? 'missing://').port, `${name} S3_ENDPOINT port`).toBe('8333');
      expect(env.S3_FORCE_PATH_STYLE, `${name} path-style`).toBe('true');
      expect(env.S3_BUCKET, `${name} S3_BUCKET`).toBe(bucket);
      expect(env.S3_ACCESS_KEY_ID, `${name} key`).toBe(storeEnv.S3_ACCESS_KEY_ID);
      expect(env.S3_SECRET_ACCESS_KEY, `${name} secret`).toBe(storeEnv.S3_SECRET_ACCESS_KEY);
      const deps = services[name]?.depends_on as Record<string, { condition?: string }>;
      expect(deps[initName]?.condition, `${name} waits for the bucket`).toBe(
        'service_completed_successfully',
      );
    }
  });
});

// ----- Kubernetes -----------------------------------------------------------------------------

// ----- the edge: Gateway API, implemented by Envoy Gateway ------------------------------------

/** The namespace everything here runs in. */
const NAMESPACE = 'linksmate';
/** The Gateway the HTTPRoute attaches to (components/envoy-gateway). */
const GATEWAY_NAME = 'linksmate';
interface RouteRule {
  name?: string;
  matches?: { path?: { type?: string; value?: string } }[];
  backendRefs?: { group?: string; kind?: string; name: string; port?: number }[];
  filters?: { type: string; requestRedirect?: { scheme?: string } }[];
  timeouts?: { request?: string; backendRequest?: string };
}
interface PolicyTarget {
  group: string;
  kind: string;
  name: string;
  sectionName?: string;
}
const rulesOf = (route: K8sObject | undefined) => (route?.spec.rules ?? []) as RouteRule[];

/** Seconds in a Gateway API duration (GEP-2257: 1h, 90s, 1m30s, 500ms); NaN if it is not one. */
function durationSeconds(value: string | undefined): number {
  if (!value || !/^([0-9]{1,5}(h|m|s|ms)){1,4}$/.test(value)) return Number.NaN;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  return [...value.matchAll(/([0-9]+)(ms|h|m|s)/g)].reduce(
    (sum, [, n, u]) => sum + Number(n) * (unit[u as string] ?? Number.NaN),
    0,
  );
}

/**
 * The rule of `route` that serves `path`, as Gateway API picks it: an Exact match first, else the
 * longest PathPrefix (matched per path element), a rule without matches counting as prefix `/`.
 */
function ruleFor(route: K8sObject | undefined, path: string): RouteRule | undefined {
  const candidates = rulesOf(route).flatMap((rule) =>
    (rule.matches?.length ? rule.matches : [{ path: { type: 'PathPrefix', value: '/' } }]).map((m) => ({
      rule,
      type: m.path?.type ?? 'PathPrefix',
      value: m.path?.value ?? '/',
    })),
  );
  const exact = candidates.find((c) => c.type === 'Exact' && c.value === path);
  if (exact) return exact.rule;
  const prefixes = candidates.filter((c) => {
    if (c.type !== 'PathPrefix') return false;
    const prefix = c.value.replace(/\/+$/, '');
    return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
  });
  return prefixes.sort((a, b) => b.value.length - a.value.length)[0]?.rule;
}

/** The BackendTrafficPolicies that apply to a rule: those naming it, else those naming its route. */
function backendPoliciesOf(all: K8sObject[], route: K8sObject, rule: RouteRule): K8sObject[] {
  const targeting = (section: string | undefined) =>
    ofKind(all, 'BackendTrafficPolicy').filter((p) =>
      ((p.spec.targetRefs ?? []) as PolicyTarget[]).some(
        (t) => t.kind === 'HTTPRoute' && t.name === route.metadata.name && t.sectionName === section,
      ),
    );
  const named = rule.name ? targeting(rule.name) : [];
  return named.length ? named : targeting(undefined);
}

/** The HTTPRoute everything public goes through. */
const appRoute = (all: K8sObject[]) =>
  ofKind(all, 'HTTPRoute').find((r) => r.metadata.name === 'linksmate') as K8sObject;

/** Public paths of every kind the gateway serves (Socket.IO's both transports among them). */
const PUBLIC_PATHS = [
  '/',
  '/events/42',
  '/api/v1/events',
  '/v1/events',
  '/api/docs',
  '/api/v1/upload/avatar',
  '/uploads/2f9c.jpg',
  '/socket.io/',
  '/api/v1/payments/webhook',
];

/** The kustomizations an operator applies (and the base they share), each checked the same way. */
const RENDERED = [
  ['the kustomize base', 'k8s/base'],
  ['the dev overlay', 'k8s/overlays/dev'],
  ['the prod overlay', 'k8s/overlays/prod'],
] as const;

describe.each(RENDERED)('%s', (label, dir) => {
  const docs = () => kustomize(dir);

  it(`when ${label} is rendered, then the gateway and the six services each have a Deployment in namespace linksmate`, () => {
    const all = docs();
    expect(
      appDeployments(all)
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...APP_PROCESSES].sort());
    for (const doc of all) {
      if (doc.kind === 'Namespace') expect(doc.metadata.name).toBe('linksmate');
      else expect(doc.metadata.namespace, `${doc.kind}/${doc.metadata.name} namespace`).toBe('linksmate');
    }
    for (const d of appDeployments(all)) {
      const container = template(d).spec.containers[0] as Container;
      expect(commandLine(container), d.metadata.name).toBe(`node ${entryOf(d.metadata.name)}`);
      expect(d.metadata.labels?.['app.kubernetes.io/part-of']).toBe('linksmate');
      expect(d.metadata.labels?.['app.kubernetes.io/name']).toBe(d.metadata.name);
    }
  });

  it(`when ${label} is rendered, then every app Deployment checks liveness on /health and readiness on /ready`, () => {
    for (const d of appDeployments(docs())) {
      for (const c of template(d).spec.containers) {
        const where = `${d.metadata.name}/${c.name}`;
        expect(c.livenessProbe?.httpGet?.path, `${where} liveness`).toBe('/health');
        expect(c.readinessProbe?.httpGet?.path, `${where} readiness`).toBe('/ready');
        expect(isContainerPort(c, c.livenessProbe?.httpGet?.port), `${where} liveness port`).toBe(true);
        expect(isContainerPort(c, c.readinessProbe?.httpGet?.port), `${where} readiness port`).toBe(true);
      }
      const pod = template(d).spec as {
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsNonRoot?: boolean };
      };
      expect(pod.securityContext?.runAsNonRoot, `${d.metadata.name} runAsNonRoot`).toBe(true);
      // preStop (5 s) and the app's drain limit (25 s) must fit, with room to spare.
      expect(pod.terminationGracePeriodSeconds, `${d.metadata.name} grace period`).toBeGreaterThan(30);
    }
    // The other workloads (databases, broker, mail catcher) are probed too, in their own way.
    for (const w of workloads(docs())) {
      for (const c of template(w).spec.containers) {
        expect(c.livenessProbe, `${w.metadata.name}/${c.name} liveness`).toBeTruthy();
        expect(c.readinessProbe, `${w.metadata.name}/${c.name} readiness`).toBeTruthy();
      }
    }
  });

  it(`when ${label} is rendered, then every container requests and limits cpu and memory`, () => {
    for (const w of workloads(docs())) {
      for (const c of containersOf(w)) {
        const where = `${w.kind}/${w.metadata.name}/${c.name}`;
        for (const kind of ['requests', 'limits'] as const) {
          for (const resource of ['cpu', 'memory']) {
            expect(c.resources?.[kind]?.[resource], `${where} ${kind}.${resource}`).toBeTruthy();
          }
        }
      }
    }
  });

  it(`when ${label} is rendered, then every workload's selector matches its pod template labels`, () => {
    for (const w of workloads(docs())) {
      const { matchLabels, matchExpressions } = w.spec.selector ?? {};
      expect(matchExpressions, `${w.metadata.name} uses matchLabels only`).toBeUndefined();
      expect(
        selects(matchLabels, template(w).metadata?.labels),
        `${w.kind}/${w.metadata.name} selector`,
      ).toBe(true);
    }
  });

  it(`when ${label} is rendered, then a Service selects each workload's pods on a container port`, () => {
    const services = ofKind(docs(), 'Service');
    for (const w of workloads(docs())) {
      const podLabels = template(w).metadata?.labels;
      const matching = services.filter((s) => selects(s.spec.selector, podLabels));
      expect(matching.length, `a Service for ${w.kind}/${w.metadata.name}`).toBeGreaterThan(0);
      for (const s of matching) {
        for (const port of s.spec.ports as { port: number; targetPort?: string | number }[]) {
          const target = port.targetPort ?? port.port;
          const found = template(w).spec.containers.some((c) => isContainerPort(c, target));
          expect(
            found,
            `Service/${s.metadata.name} targetPort ${target} is a container port of ${w.metadata.name}`,
          ).toBe(true);
        }
      }
      // A Service must not select pods of another workload.
      for (const other of workloads(docs()).filter((o) => o !== w)) {
        for (const s of matching) {
          expect(
            selects(s.spec.selector, template(other).metadata?.labels),
            `Service/${s.metadata.name} vs ${other.metadata.name}`,
          ).toBe(false);
        }
      }
    }
    if (dir.endsWith('base')) {
      // Gateway URLs in the ConfigMap use Service name = process name, Service port = container port.
      const config = ofKind(docs(), 'ConfigMap').find((c) => c.metadata.name.startsWith('linksmate-config'));
      for (const key of [
        'IDENTITY_URL',
        'PAYMENTS_URL',
        'EVENTS_URL',
        'VENUES_URL',
        'MESSAGING_URL',
        'ADMIN_URL',
      ]) {
        const url = new URL(config?.data?.[key] ?? 'missing://');
        const service = services.find((s) => s.metadata.name === url.hostname);
        expect(service, `${key} points at a Service`).toBeTruthy();
        expect(
          service?.spec.ports.map((p: { port: number }) => String(p.port)),
          key,
        ).toContain(url.port);
      }
    }
  });

  it(`when ${label} is rendered, then a CPU HorizontalPodAutoscaler targets the gateway and each service`, () => {
    const hpas = ofKind(docs(), 'HorizontalPodAutoscaler');
    for (const d of appDeployments(docs())) {
      const hpa = hpas.find(
        (h) =>
          h.spec.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef?.name === d.metadata.name,
      );
      expect(hpa, `HPA for ${d.metadata.name}`).toBeTruthy();
      expect(hpa?.apiVersion).toBe('autoscaling/v2');
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa?.spec.maxReplicas).toBeGreaterThanOrEqual(hpa?.spec.minReplicas);
      const cpu = (hpa?.spec.metrics ?? []).find(
        (m: { type: string; resource?: { name: string } }) =>
          m.type === 'Resource' && m.resource?.name === 'cpu',
      );
      expect(cpu?.resource?.target?.averageUtilization, `${d.metadata.name} CPU target`).toBeGreaterThan(0);
    }
  });

  it(`when ${label} is rendered, then a PodDisruptionBudget selects the pods of each app Deployment and no other`, () => {
    const pdbs = ofKind(docs(), 'PodDisruptionBudget');
    for (const d of appDeployments(docs())) {
      const own = pdbs.filter((p) => selects(p.spec.selector?.matchLabels, template(d).metadata?.labels));
      expect(own, `one PDB for ${d.metadata.name}`).toHaveLength(1);
      const spec = own[0]?.spec;
      expect(spec?.minAvailable ?? spec?.maxUnavailable, `${d.metadata.name} PDB budget`).toBeDefined();
      for (const other of workloads(docs()).filter((o) => o !== d)) {
        expect(selects(spec?.selector?.matchLabels, template(other).metadata?.labels)).toBe(false);
      }
    }
  });

  it(`when ${label} is rendered, then one HTTPRoute sends every public path to the gateway Service's app port, and no route reaches its management port`, () => {
    const all = docs();
    const route = appRoute(all);
    expect(route?.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route?.spec.parentRefs).toEqual([
      expect.objectContaining({ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: GATEWAY_NAME }),
    ]);
    for (const path of PUBLIC_PATHS) expect(ruleFor(route, path), path).toBeDefined();
    const service = ofKind(all, 'Service').find((s) => s.metadata.name === 'gateway') as K8sObject;
    const deployment = appDeployments(all).find((d) => d.metadata.name === 'gateway') as K8sObject;
    const container = template(deployment).spec.containers[0] as Container;
    const management = (container.ports ?? []).find((p) => p.name === 'management');
    expect(management).toBeDefined();
    // Every backend of every route (prod's redirect has none) is the gateway Service's port that
    // targets the container's `http` port.
    for (const r of ofKind(all, 'HTTPRoute'))
      for (const rule of rulesOf(r))
        for (const ref of rule.backendRefs ?? []) {
          expect(ref.kind ?? 'Service', `${r.metadata.name} ${rule.name}`).toBe('Service');
          expect(ref.name, `${r.metadata.name} ${rule.name}`).toBe('gateway');
          const port = service.spec.ports.find((p: { port: number }) => p.port === ref.port);
          expect(port?.targetPort, `${r.metadata.name} ${rule.name} port ${ref.port}`).toBe('http');
          expect(port?.targetPort).not.toBe(management?.name);
          expect(port?.targetPort).not.toBe(management?.containerPort);
        }
  });

  it(`when ${label} is rendered, then Socket.IO's rule keeps a WebSocket open for an hour, bounds each long-poll, and pins a browser to one replica with a cookie`, () => {
    const all = docs();
    const route = appRoute(all);
    const socketIo = ruleFor(route, '/socket.io/') as RouteRule;
    expect(socketIo?.name, 'named, for the policy to target it').toBeTruthy();
    expect(ruleFor(route, '/api/v1/events')).not.toBe(socketIo);
    // A long-poll is answered within Socket.IO's ping interval (25 s); Envoy's default route
    // timeout (15 s) would cut it. The request timeout does not apply to an upgraded WebSocket
    // (its request never ends), whose stream idle timeout keeps it instead.
    const request = durationSeconds(socketIo.timeouts?.request);
    expect(request, 'request timeout').toBeGreaterThan(25);
    const [policy, ...others] = backendPoliciesOf(all, route, socketIo);
    expect(others).toEqual([]);
    expect(policy?.apiVersion).toBe('gateway.envoyproxy.io/v1alpha1');
    const timeout = policy?.spec.timeout?.http ?? {};
    expect(durationSeconds(timeout.streamIdleTimeout), 'stream idle timeout').toBeGreaterThanOrEqual(3600);
    for (const cap of ['maxStreamDuration', 'maxConnectionDuration'])
      expect(timeout[cap] === undefined || durationSeconds(timeout[cap]) >= 3600, cap).toBe(true);
    expect(policy?.spec.loadBalancer).toMatchObject({
      type: 'ConsistentHash',
      consistentHash: { type: 'Cookie', cookie: { name: expect.stringMatching(/^[\w-]+$/) } },
    });
    // Envoy sets the cookie itself only when it has a TTL.
    expect(durationSeconds(policy?.spec.loadBalancer.consistentHash.cookie.ttl)).toBeGreaterThan(0);
    // The rest of the traffic is balanced per request, not pinned.
    for (const rule of rulesOf(route).filter((r) => r !== socketIo))
      for (const p of backendPoliciesOf(all, route, rule))
        expect(p.spec.loadBalancer?.type, `${rule.name}: ${p.metadata.name}`).not.toBe('ConsistentHash');
  });

  it(`when ${label} is rendered, then API calls are bounded, and a 100 MB file may take an hour to go out`, () => {
    const route = appRoute(docs());
    const api = durationSeconds(ruleFor(route, '/api/v1/events')?.timeouts?.request);
    // Above the gateway's own 30 s for a service to answer, so the gateway answers 504 first.
    expect(api).toBeGreaterThan(30);
    expect(api).toBeLessThanOrEqual(120);
    expect(durationSeconds(ruleFor(route, '/uploads/2f9c.jpg')?.timeouts?.request)).toBeGreaterThanOrEqual(
      3600,
    );
  });

  it(`when ${label} is rendered, then nothing at the edge buffers or caps request bodies, and the gateway takes 105 MiB uploads`, () => {
    const all = docs();
    // requestBuffer would hold each body whole in the proxy's memory before the gateway checks
    // its sender, and turns off WebSocket upgrades on its routes; Envoy streams bodies otherwise.
    for (const p of ofKind(all, 'BackendTrafficPolicy'))
      expect(p.spec.requestBuffer, `${p.metadata.name} requestBuffer`).toBeUndefined();
    const deployment = appDeployments(all).find((d) => d.metadata.name === 'gateway') as K8sObject;
    const container = template(deployment).spec.containers[0] as Container;
    const limit = Number(
      envValue(container, 'UPLOAD_BODY_LIMIT_BYTES', all) ??
        (GatewayConfigSchema.properties.UPLOAD_BODY_LIMIT_BYTES as { default?: number }).default,
    );
    expect(limit).toBeGreaterThanOrEqual(105 * 1024 ** 2);
  });

  it(`when ${label} is rendered, then no Ingress and no ingress-nginx annotation is left`, () => {
    expect(ofKind(docs(), 'Ingress')).toEqual([]);
    expect(JSON.stringify(docs())).not.toContain('nginx.ingress.kubernetes.io');
  });

  it(`when ${label} is rendered, then every Secret and ConfigMap key the containers use exists`, () => {
    const all = docs();
    // Without the secret template (the base, prod), the Secret the cluster provides must hold its keys.
    const provided = secretTemplate();
    const find = (kind: string, name: string) =>
      ofKind(all, kind).find((d) => d.metadata.name === name) ??
      (kind === 'Secret' && name === provided.metadata.name ? provided : undefined);
    for (const w of workloads(all)) {
      for (const c of containersOf(w)) {
        for (const source of c.envFrom ?? []) {
          if (source.configMapRef)
            expect(find('ConfigMap', source.configMapRef.name), `${w.metadata.name} envFrom`).toBeTruthy();
          if (source.secretRef)
            expect(find('Secret', source.secretRef.name), `${w.metadata.name} envFrom`).toBeTruthy();
        }
        for (const entry of c.env ?? []) {
          const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
          // An optional key (SERVICE_TOKEN_NEXT, set only while the token rotates) may be absent.
          if (!ref || (ref as { optional?: boolean }).optional) continue;
          const object = find(entry.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap', ref.name);
          const keys = Object.keys({ ...object?.data, ...object?.stringData });
          expect(keys, `${w.metadata.name}/${c.name} ${entry.name} -> ${ref.name}.${ref.key}`).toContain(
            ref.key,
          );
        }
      }
    }
    for (const d of appDeployments(all)) {
      const c = template(d).spec.containers[0] as Container;
      for (const name of ['AMQP_URL', 'SERVICE_TOKEN']) {
        expect(
          c.env?.some((e) => e.name === name),
          `${d.metadata.name} ${name}`,
        ).toBe(true);
      }
      const hasDatabase = c.env?.some((e) => e.name === 'DATABASE_URL');
      expect(hasDatabase, `${d.metadata.name} DATABASE_URL`).toBe(d.metadata.name !== 'gateway');
    }
  });
});

/** The Secret's keys as components/secret-template holds them, placeholders for values. */
function secretTemplate(): K8sObject {
  return parse(readFileSync(repoPath('k8s/components/secret-template/secret.yaml'), 'utf8')) as K8sObject;
}

describe('the kustomize base', () => {
  it('when the secret template is read, then every value is a placeholder marked to be replaced', () => {
    const secret = secretTemplate();
    const values = Object.entries(secret?.stringData ?? {});
    expect(values.map(([k]) => k)).toEqual(
      expect.arrayContaining([
        ...SERVICES.map((s) => `${(SERVICE_DATABASES[s] as string).toUpperCase()}_DATABASE_URL`),
        'AMQP_URL',
        'SERVICE_TOKEN',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PUBLISHABLE_KEY',
        'SMTP_URL',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]),
    );
    for (const [key, value] of values) expect(value, key).toContain('REPLACE_ME');
  });

  it('when the base is rendered, then identity, venues-coaches and the gateway keep uploads in an S3 bucket with a key from the Secret', () => {
    const all = kustomize('k8s/base');
    for (const name of ['identity', 'venues-coaches', 'gateway']) {
      const d = appDeployments(all).find((w) => w.metadata.name === name) as K8sObject;
      const c = template(d).spec.containers[0] as Container;
      expect(envValue(c, 'STORAGE_DRIVER', all), name).toBe('s3');
      expect(envValue(c, 'S3_BUCKET', all), name).toBeTruthy();
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
        expect(c.env?.find((e) => e.name === key)?.valueFrom?.secretKeyRef?.name, `${name} ${key}`).toBe(
          'linksmate-secrets',
        );
    }
  });

  it('when the base is rendered, then it runs no Stripe simulator and nothing points at one', () => {
    const all = kustomize('k8s/base');
    expect(simulatorDeployments(all)).toHaveLength(0);
    expect(all.filter((d) => d.metadata.name === SIMULATOR).map((d) => d.kind)).toEqual([]);
    for (const w of workloads(all)) {
      for (const c of containersOf(w)) {
        for (const name of ['STRIPE_API_BASE', 'STRIPE_SIMULATOR_URL'])
          expect(envValue(c, name, all), `${w.metadata.name}/${c.name} ${name}`).toBeUndefined();
      }
    }
  });
});

describe('the dev overlay', () => {
  const docs = () => kustomize('k8s/overlays/dev');

  it('when the dev overlay is rendered, then it runs PostgreSQL and RabbitMQ as StatefulSets with persistent volumes', () => {
    const sets = ofKind(docs(), 'StatefulSet');
    const postgres = sets.find((s) =>
      template(s).spec.containers.some((c) => c.image?.startsWith('postgres:')),
    );
    const rabbitmq = sets.find((s) =>
      template(s).spec.containers.some((c) => c.image?.startsWith('rabbitmq:')),
    );
    expect(postgres, 'PostgreSQL StatefulSet').toBeTruthy();
    expect(rabbitmq, 'RabbitMQ StatefulSet').toBeTruthy();
    expect(rabbitmq && template(rabbitmq).spec.containers[0]?.image).toMatch(/management/);
    for (const set of [postgres, rabbitmq]) {
      expect(
        set?.spec.volumeClaimTemplates?.length,
        `${set?.metadata.name} volumeClaimTemplates`,
      ).toBeGreaterThan(0);
      expect(ofKind(docs(), 'Service').some((s) => s.metadata.name === set?.spec.serviceName)).toBe(true);
    }
    const mail = ofKind(docs(), 'Deployment').find((d) =>
      template(d).spec.containers.some((c) => c.image?.includes('mailpit')),
    );
    expect(mail, 'mailpit Deployment').toBeTruthy();
  });

  it('when the dev overlay is rendered, then the PostgreSQL init script creates all six databases', () => {
    const postgres = ofKind(docs(), 'StatefulSet').find((s) => s.metadata.name === 'postgres') as K8sObject;
    const volumes =
      (template(postgres).spec as { volumes?: { name: string; configMap?: { name: string } }[] }).volumes ??
      [];
    const mounts =
      (template(postgres).spec.containers[0] as { volumeMounts?: { name: string; mountPath: string }[] })
        .volumeMounts ?? [];
    const initMount = mounts.find((m) => m.mountPath.startsWith('/docker-entrypoint-initdb.d'));
    const configMapName = volumes.find((v) => v.name === initMount?.name)?.configMap?.name;
    const config = ofKind(docs(), 'ConfigMap').find((c) => c.metadata.name === configMapName);
    expect(config, 'init ConfigMap mounted into /docker-entrypoint-initdb.d').toBeTruthy();
    const created = Object.values(config?.data ?? {}).flatMap(createdDatabases);
    expect(created.sort()).toEqual([...DATABASES].sort());
  });

  it("when the dev overlay is rendered, then each service's DATABASE_URL names its own database on the in-cluster postgres", () => {
    const all = docs();
    for (const d of appDeployments(all)) {
      const c = template(d).spec.containers[0] as Container;
      const amqp = new URL(envValue(c, 'AMQP_URL', all) ?? 'missing://');
      expect(amqp.hostname, `${d.metadata.name} AMQP_URL host`).toBe('rabbitmq');
      expect((envValue(c, 'SERVICE_TOKEN', all) ?? '').length).toBeGreaterThanOrEqual(16);
      if (d.metadata.name === 'gateway') continue;
      const url = new URL(envValue(c, 'DATABASE_URL', all) ?? 'missing://');
      expect(url.hostname, `${d.metadata.name} DATABASE_URL host`).toBe('postgres');
      expect(url.pathname, `${d.metadata.name} DATABASE_URL database`).toBe(
        `/${SERVICE_DATABASES[d.metadata.name]}`,
      );
    }
    const messaging = appDeployments(all).find((d) => d.metadata.name === 'messaging') as K8sObject;
    expect(envValue(template(messaging).spec.containers[0] as Container, 'SMTP_URL', all)).toMatch(
      /^smtp:\/\/mailpit:1025/,
    );
  });

  it('when the dev overlay is rendered, then one Stripe simulator Deployment runs from the devtools image as non-root behind its Service', () => {
    const all = docs();
    const [simulator, ...others] = simulatorDeployments(all);
    expect(others).toHaveLength(0);
    expect(simulator?.metadata.name).toBe(SIMULATOR);
    expect(simulator?.metadata.labels?.['app.kubernetes.io/name']).toBe(SIMULATOR);
    expect(simulator?.metadata.labels?.['app.kubernetes.io/part-of']).toBe('linksmate');
    // Its state lives in memory: one pod, never two at once.
    expect(simulator?.spec.replicas).toBe(1);
    expect(simulator?.spec.strategy?.type).toBe('Recreate');
    const pod = template(simulator as K8sObject);
    const container = pod.spec.containers[0] as Container;
    expect(isDevtoolsImage(container.image), 'the devtools image').toBe(true);
    expect((pod.spec as { securityContext?: { runAsNonRoot?: boolean } }).securityContext?.runAsNonRoot).toBe(
      true,
    );
    expect(envValue(container, 'HOST', all)).toBe('0.0.0.0');
    const service = ofKind(all, 'Service').find((s) => s.metadata.name === SIMULATOR);
    expect(service, `Service/${SIMULATOR}`).toBeTruthy();
    expect(selects(service?.spec.selector, pod.metadata?.labels)).toBe(true);
    const webhook = new URL(envValue(container, 'WEBHOOK_URL', all) ?? 'missing://');
    const gateway = ofKind(all, 'Service').find((s) => s.metadata.name === webhook.hostname);
    expect(gateway?.metadata.name, 'webhooks go through the gateway Service').toBe('gateway');
    expect(gateway?.spec.ports.map((p: { port: number }) => String(p.port))).toContain(webhook.port);
    expect(webhook.pathname).toBe(WEBHOOK_PATH);
  });

  it('when the dev overlay is rendered, then membership-payments and the gateway point at the Stripe simulator, with its keys', () => {
    const all = docs();
    const service = ofKind(all, 'Service').find((s) => s.metadata.name === SIMULATOR);
    const ports = (service?.spec.ports ?? []).map((p: { port: number }) => String(p.port));
    const container = (name: string) =>
      template(appDeployments(all).find((d) => d.metadata.name === name) as K8sObject).spec
        .containers[0] as Container;
    const payments = container('membership-payments');
    for (const [process, name] of [
      ['membership-payments', 'STRIPE_API_BASE'],
      ['gateway', 'STRIPE_SIMULATOR_URL'],
    ] as const) {
      const url = new URL(envValue(container(process), name, all) ?? 'missing://');
      expect(url.hostname, `${process} ${name}`).toBe(SIMULATOR);
      expect(ports, `${process} ${name} port`).toContain(url.port);
    }
    for (const [name, value] of Object.entries(SIMULATOR_KEYS))
      expect(envValue(payments, name, all), `membership-payments ${name}`).toBe(value);
    const simulator = template(simulatorDeployments(all)[0] as K8sObject).spec.containers[0] as Container;
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'])
      expect(envValue(simulator, name, all) ?? '', `the simulator's ${name}`).toBe(
        envValue(payments, name, all),
      );
  });

  it('when the dev overlay is rendered, then SeaweedFS keeps uploads on a volume, a Job makes the bucket, and identity and the gateway use it over S3', () => {
    const all = docs();
    const store = ofKind(all, 'StatefulSet').find((s) =>
      template(s).spec.containers.some((c) => /^chrislusf\/seaweedfs:\d+\.\d+$/.test(c.image ?? '')),
    ) as K8sObject;
    expect(store, 'SeaweedFS StatefulSet').toBeTruthy();
    expect(store.spec.volumeClaimTemplates?.length).toBeGreaterThan(0);
    const service = ofKind(all, 'Service').find((s) =>
      selects(s.spec.selector, template(store).metadata?.labels),
    );
    const portOf = (name: string) =>
      service?.spec.ports.find((p: { name?: string }) => p.name === name)?.port;
    const s3Port = portOf('s3');
    // `weed shell` reaches the master and the filer over HTTP and gRPC (their port + 10000).
    expect([portOf('master'), portOf('master-grpc'), portOf('filer'), portOf('filer-grpc')]).toEqual([
      9333, 19333, 8888, 18888,
    ]);
    const storeContainer = template(store).spec.containers[0] as Container;

    const job = ofKind(all, 'Job').find((j) =>
      template(j).spec.containers.some((c) => /^chrislusf\/seaweedfs:/.test(c.image ?? '')),
    ) as K8sObject;
    expect(job, 'a Job making the bucket').toBeTruthy();
    const shell = template(job).spec.containers[0] as Container;
    expect(commandLine(shell)).toContain('s3.bucket.create -name');
    expect(commandLine(shell)).toContain(`-master=${service?.metadata.name}:9333`);
    const bucket = envValue(shell, 'S3_BUCKET', all);
    expect(bucket).toBeTruthy();

    for (const name of ['identity', 'venues-coaches', 'messaging', 'gateway']) {
      const d = appDeployments(all).find((w) => w.metadata.name === name) as K8sObject;
      const c = template(d).spec.containers[0] as Container;
      expect(envValue(c, 'STORAGE_DRIVER', all), name).toBe('s3');
      const endpoint = new URL(envValue(c, 'S3_ENDPOINT', all) ?? 'missing://');
      expect(endpoint.hostname, `${name} S3_ENDPOINT`).toBe(service?.metadata.name);
      expect(endpoint.port, `${name} S3_ENDPOINT port`).toBe(String(s3Port));
      expect(envValue(c, 'S3_FORCE_PATH_STYLE', all), name).toBe('true');
      expect(envValue(c, 'S3_BUCKET', all), name).toBe(bucket);
      expect(envValue(c, 'S3_ACCESS_KEY_ID', all), name).toBe(
        envValue(storeContainer, 'S3_ACCESS_KEY_ID', all),
      );
      expect(envValue(c, 'S3_SECRET_ACCESS_KEY', all), name).toBe(
        envValue(storeContainer, 'S3_SECRET_ACCESS_KEY', all),
      );
    }
  });

  it('when the dev overlay is rendered, then the autoscalers may go down to one and the rest run one replica', () => {
    const autoscaled = new Set<string>();
    for (const h of ofKind(docs(), 'HorizontalPodAutoscaler')) {
      expect(h.spec.minReplicas, h.metadata.name).toBe(1);
      autoscaled.add(h.spec.scaleTargetRef.name);
    }
    expect(autoscaled.size).toBeGreaterThan(0);
    // An autoscaled Deployment has no fixed count, which would fight its autoscaler.
    for (const d of ofKind(docs(), 'Deployment'))
      expect(d.spec.replicas, d.metadata.name).toBe(autoscaled.has(d.metadata.name) ? undefined : 1);
  });
});

/** The cluster's GatewayClass for Envoy Gateway, applied once outside the kustomizations. */
const gatewayClass = () =>
  parse(readFileSync(repoPath('k8s/cluster/gatewayclass.yaml'), 'utf8')) as K8sObject;

describe.each([
  ['the dev overlay', 'k8s/overlays/dev'],
  ['the prod overlay', 'k8s/overlays/prod'],
] as const)('the edge of %s', (_label, dir) => {
  const all = () => kustomize(dir);

  it("when rendered, then Gateway linksmate is Envoy Gateway's, through the cluster's GatewayClass", () => {
    const [gateway, ...others] = ofKind(all(), 'Gateway');
    expect(others).toEqual([]);
    expect(gateway?.metadata.name).toBe(GATEWAY_NAME);
    const gatewayClassFile = gatewayClass();
    expect(gatewayClassFile.kind).toBe('GatewayClass');
    expect(gatewayClassFile.metadata.namespace).toBeUndefined();
    expect(gateway?.spec.gatewayClassName).toBe(gatewayClassFile.metadata.name);
    expect(gatewayClassFile.spec.controllerName).toBe('gateway.envoyproxy.io/gatewayclass-controller');
  });

  it('when rendered, then every route and policy refers to a Gateway, listener, route or rule that exists', () => {
    const gateways = ofKind(all(), 'Gateway');
    const listenersOf = (name: string) =>
      (gateways.find((g) => g.metadata.name === name)?.spec.listeners ?? []) as { name: string }[];
    const routes = ofKind(all(), 'HTTPRoute');
    for (const route of routes)
      for (const parent of route.spec.parentRefs as PolicyTarget[]) {
        expect(listenersOf(parent.name).length, `${route.metadata.name} → ${parent.name}`).toBeGreaterThan(0);
        if (parent.sectionName)
          expect(listenersOf(parent.name).map((l) => l.name)).toContain(parent.sectionName);
      }
    for (const policy of [...ofKind(all(), 'BackendTrafficPolicy'), ...ofKind(all(), 'ClientTrafficPolicy')])
      for (const target of policy.spec.targetRefs as PolicyTarget[]) {
        const label = `${policy.kind}/${policy.metadata.name} → ${target.kind}/${target.name}`;
        expect(target.group, label).toBe('gateway.networking.k8s.io');
        if (target.kind === 'Gateway') {
          expect(listenersOf(target.name).length, label).toBeGreaterThan(0);
          if (target.sectionName)
            expect(listenersOf(target.name).map((l) => l.name)).toContain(target.sectionName);
        } else {
          expect(target.kind, label).toBe('HTTPRoute');
          const route = routes.find((r) => r.metadata.name === target.name);
          expect(route, label).toBeDefined();
          if (target.sectionName)
            expect(
              rulesOf(route).map((r) => r.name),
              label,
            ).toContain(target.sectionName);
        }
      }
  });

  it('when rendered, then a request idle for 5 minutes is dropped at the listener, Socket.IO keeping its own hour', () => {
    const [policy] = ofKind(all(), 'ClientTrafficPolicy');
    expect(policy?.spec.targetRefs).toEqual([
      { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: GATEWAY_NAME },
    ]);
    const listener = durationSeconds(policy?.spec.timeout?.http?.streamIdleTimeout);
    expect(listener).toBeGreaterThan(0);
    expect(listener).toBeLessThanOrEqual(300);
  });
});

// ----- network policies -------------------------------------------------------------------

type Selector = {
  matchLabels?: Labels;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
};

/** A NetworkPolicy pod selector matches these labels (`{}` matches every pod). */
function podSelectorMatches(selector: Selector | undefined, labels: Labels | undefined): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels?.[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) =>
    e.operator === 'In' ? (e.values ?? []).includes(labels?.[e.key] ?? '') : e.operator !== 'In',
  );
  return byLabels && byExpressions;
}

/** Who opens a connection: a pod's namespace and labels, or undefined for outside the cluster. */
type Source = { namespace: string; labels: Labels | undefined } | undefined;
type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: unknown };

/**
 * An Envoy proxy that Envoy Gateway (v1.9, its default deployment mode) runs for Gateway `gateway`
 * of namespace linksmate: in the controller's namespace, with the labels it gives its proxies
 * (internal/infrastructure/kubernetes/proxy/resource.go, internal/gatewayapi/translator.go).
 */
const envoyProxyOf = (gateway: string, namespace = 'envoy-gateway-system'): Source => ({
  namespace,
  labels: {
    'app.kubernetes.io/name': 'envoy',
    'app.kubernetes.io/component': 'proxy',
    'app.kubernetes.io/managed-by': 'envoy-gateway',
    'gateway.envoyproxy.io/owning-gateway-name': gateway,
    'gateway.envoyproxy.io/owning-gateway-namespace': NAMESPACE,
  },
});
const ENVOY_PROXY = envoyProxyOf(GATEWAY_NAME);

/** A `from` peer admits the source: a pod selector alone means pods of the policy's own namespace. */
function peerAdmits(peer: Peer, from: Source): boolean {
  if (!from || (!peer.podSelector && !peer.namespaceSelector)) return false;
  const namespaceLabels = { 'kubernetes.io/metadata.name': from.namespace };
  const inNamespace = peer.namespaceSelector
    ? podSelectorMatches(peer.namespaceSelector, namespaceLabels)
    : from.namespace === NAMESPACE;
  return inNamespace && (!peer.podSelector || podSelectorMatches(peer.podSelector, from.labels));
}

/**
 * Whether a connection from `from` to port `port` of a pod labelled `to` (in namespace linksmate)
 * is allowed by the rendered NetworkPolicies (ingress only, as they are).
 */
function allowed(all: K8sObject[], from: Source, to: Labels | undefined, port: string): boolean {
  const policies = ofKind(all, 'NetworkPolicy').filter((p) => podSelectorMatches(p.spec.podSelector, to));
  if (policies.length === 0) return true;
  return policies.some((p) =>
    (p.spec.ingress ?? []).some(
      (rule: { from?: Peer[]; ports?: Array<{ port: string | number }> }) =>
        (!rule.from || rule.from.some((peer) => peerAdmits(peer, from))) &&
        (!rule.ports || rule.ports.some((p) => String(p.port) === port)),
    ),
  );
}

/** `reach(from, to, port)` over a rendering: `from` a workload's name, a Source, or undefined (outside). */
function reacher(all: () => K8sObject[]) {
  const podLabels = (name: string) => {
    const workload = workloads(all()).find((w) => w.metadata.name === name);
    if (!workload) throw new Error(`no workload ${name}`);
    return template(workload).metadata?.labels;
  };
  return (from: string | Source, to: string, port = 'http') =>
    allowed(
      all(),
      typeof from === 'string' ? { namespace: NAMESPACE, labels: podLabels(from) } : from,
      podLabels(to),
      port,
    );
}

describe.each(RENDERED)('network policies of %s', (_label, dir) => {
  const all = () => kustomize(dir);
  const reach = reacher(all);

  it('when rendered, then a default deny selects every pod and nothing outside the cluster reaches any', () => {
    const denyAll = ofKind(all(), 'NetworkPolicy').find(
      (p) => Object.keys(p.spec.podSelector ?? {}).length === 0 && !p.spec.ingress,
    );
    expect(denyAll?.spec.policyTypes).toEqual(['Ingress']);
    for (const name of APP_PROCESSES) expect(reach(undefined, name), `outside → ${name}`).toBe(false);
  });

  it("when rendered, then the Envoy proxies of Gateway linksmate reach the gateway's app port, and neither its management port nor the services", () => {
    expect(reach(ENVOY_PROXY, 'gateway', 'http')).toBe(true);
    expect(reach(ENVOY_PROXY, 'gateway', 'management')).toBe(false);
    for (const service of SERVICES) expect(reach(ENVOY_PROXY, service), `envoy → ${service}`).toBe(false);
    // Another Gateway's proxies, and pods elsewhere wearing the labels, are not the edge.
    expect(reach(envoyProxyOf('another-gateway'), 'gateway')).toBe(false);
    expect(reach(envoyProxyOf(GATEWAY_NAME, 'default'), 'gateway')).toBe(false);
  });

  it('when rendered, then the gateway reaches every service and the services reach each other', () => {
    for (const service of SERVICES) {
      expect(reach('gateway', service), `gateway → ${service}`).toBe(true);
      expect(reach('admin', service), `admin → ${service}`).toBe(true);
    }
  });
});

describe("network policies of the dev overlay's infrastructure", () => {
  const reach = reacher(() => kustomize('k8s/overlays/dev'));

  it('when rendered, then only the services reach the database, the broker also the gateway, and each tool only its users', () => {
    for (const service of SERVICES) expect(reach(service, 'postgres', 'postgres'), service).toBe(true);
    expect(reach('gateway', 'postgres', 'postgres')).toBe(false);
    expect(reach('gateway', 'rabbitmq', 'amqp')).toBe(true);
    expect(reach('identity', 'rabbitmq', 'amqp')).toBe(true);
    expect(reach('mailpit', 'rabbitmq', 'amqp')).toBe(false);
    expect(reach('messaging', 'mailpit', 'smtp')).toBe(true);
    expect(reach('identity', 'mailpit', 'smtp')).toBe(false);
    expect(reach('membership-payments', 'stripe-simulator')).toBe(true);
    expect(reach('events-bookings', 'stripe-simulator')).toBe(false);
    expect(reach('venues-coaches', 's3', 's3')).toBe(true);
    expect(reach('admin', 's3', 's3')).toBe(false);
    expect(reach('stripe-simulator', 'identity')).toBe(false);
  });

  it('when rendered, then the Stripe simulator reaches the gateway to deliver webhooks, and no other tool does', () => {
    expect(reach('stripe-simulator', 'gateway')).toBe(true);
    expect(reach('stripe-simulator', 'gateway', 'management')).toBe(false);
    expect(reach('mailpit', 'gateway')).toBe(false);
    expect(reach('s3', 'gateway')).toBe(false);
  });
});

describe.each(RENDERED)('the database connection budget of %s', (_label, dir) => {
  it('when every service is at its autoscaling maximum with a pod surging, then its connections fit the documented limit', () => {
    const all = kustomize(dir);
    const config = ofKind(all, 'ConfigMap').find((c) =>
      c.metadata.name.startsWith('linksmate-config'),
    ) as K8sObject;
    const limit = Number(config.metadata.annotations?.['linksmate.dev/database-max-connections']);
    expect(limit, 'the documented limit').toBeGreaterThan(0);
    let needed = 0;
    for (const service of SERVICES) {
      const deployment = appDeployments(all).find((d) => d.metadata.name === service) as K8sObject;
      const container = template(deployment).spec.containers[0] as Container;
      const pool = Number(envValue(container, 'DB_POOL_MAX', all));
      // Queries, prepared statements (half as many, platform/src/db/client.ts), the relay's LISTEN,
      // the jobs' lock session (platform/src/service/cluster-lock.ts).
      const perPod = pool + Math.ceil(pool / 2) + 1 + 1;
      const autoscaler = ofKind(all, 'HorizontalPodAutoscaler').find(
        (h) => h.spec.scaleTargetRef.name === service,
      ) as K8sObject;
      const surge = Number(deployment.spec.strategy?.rollingUpdate?.maxSurge ?? 1);
      expect(Number.isInteger(surge), `${service} maxSurge is a count`).toBe(true);
      needed += (autoscaler.spec.maxReplicas + surge) * perPod;
    }
    expect(needed, `connections needed (limit ${limit})`).toBeLessThanOrEqual(limit);
  });
});

describe.each(RENDERED)('the probes of %s', (_label, dir) => {
  it("when rendered, then the gateway is probed on its management port, which its Service (the edge's target) does not carry", () => {
    const all = kustomize(dir);
    const gateway = appDeployments(all).find((d) => d.metadata.name === 'gateway') as K8sObject;
    const container = template(gateway).spec.containers[0] as Container;
    const management = (container.ports ?? []).find((p) => p.name === 'management');
    expect(String(management?.containerPort)).toBe(envValue(container, 'MANAGEMENT_PORT', all));
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe])
      expect(probe?.httpGet?.port).toBe('management');
    const service = ofKind(all, 'Service').find((s) => s.metadata.name === 'gateway') as K8sObject;
    const routed = service.spec.ports.map((p: { targetPort?: string | number }) => String(p.targetPort));
    expect(routed).not.toContain('management');
    expect(routed).not.toContain(String(management?.containerPort));
  });
});

describe('the prod overlay', () => {
  const all = () => kustomize('k8s/overlays/prod');

  it('when rendered, then it holds no Secret and no placeholder: the cluster provides linksmate-secrets', () => {
    expect(ofKind(all(), 'Secret')).toEqual([]);
    expect(JSON.stringify(all())).not.toContain('REPLACE_ME');
    for (const d of appDeployments(all()))
      for (const entry of template(d).spec.containers[0]?.env ?? [])
        if (entry.valueFrom?.secretKeyRef)
          expect(entry.valueFrom.secretKeyRef.name, `${d.metadata.name} ${entry.name}`).toBe(
            'linksmate-secrets',
          );
  });

  it('when rendered, then the seven processes run one pinned release and read a ConfigMap named by its content', () => {
    const deployments = appDeployments(all());
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APP_PROCESSES].sort());
    const images = new Set(deployments.map((d) => template(d).spec.containers[0]?.image));
    expect([...images]).toHaveLength(1);
    expect([...images][0]).toMatch(/\/linksmate\/app:[\w.-]+$/);
    const [config] = ofKind(all(), 'ConfigMap');
    expect(config?.metadata.name).toMatch(/^linksmate-config-[a-z0-9]{10}$/);
    expect(config?.data?.NODE_ENV).toBe('production');
    expect(config?.data?.PUBLIC_URL).toMatch(/^https:\/\//);
    for (const d of deployments)
      expect(template(d).spec.containers[0]?.envFrom?.[0]?.configMapRef?.name).toBe(config?.metadata.name);
  });

  it('when rendered, then the Gateway serves the public host over TLS with a certificate from cert-manager, and plain HTTP only redirects there', () => {
    const [config] = ofKind(all(), 'ConfigMap');
    const host = new URL(config?.data?.PUBLIC_URL ?? '').hostname;
    const [gateway] = ofKind(all(), 'Gateway');
    expect(gateway?.metadata.annotations?.['cert-manager.io/cluster-issuer']).toBeTruthy();
    const listeners = (gateway?.spec.listeners ?? []) as Array<{ name: string; protocol: string }>;
    const https = listeners.find((l) => l.protocol === 'HTTPS');
    expect(https).toMatchObject({
      port: 443,
      hostname: host,
      tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: expect.any(String) }] },
    });
    const route = appRoute(all());
    expect(route.spec.hostnames).toEqual([host]);
    expect(route.spec.parentRefs.map((p: PolicyTarget) => p.sectionName)).toEqual([https?.name]);
    const http = listeners.find((l) => l.protocol === 'HTTP');
    expect(http).toMatchObject({ port: 80, hostname: host });
    const onHttp = ofKind(all(), 'HTTPRoute').filter((r) =>
      (r.spec.parentRefs as PolicyTarget[]).some((p) => !p.sectionName || p.sectionName === http?.name),
    );
    expect(onHttp.length).toBeGreaterThan(0);
    for (const r of onHttp)
      for (const rule of rulesOf(r)) {
        expect(rule.backendRefs ?? [], r.metadata.name).toEqual([]);
        expect(rule.filters, r.metadata.name).toEqual([
          expect.objectContaining({
            type: 'RequestRedirect',
            requestRedirect: expect.objectContaining({ scheme: 'https' }),
          }),
        ]);
      }
  });

  it("when rendered, then two Envoy proxies serve the Gateway, their Service keeping clients' addresses for TRUST_PROXY", () => {
    const [gateway] = ofKind(all(), 'Gateway');
    const ref = gateway?.spec.infrastructure?.parametersRef;
    expect(ref).toMatchObject({ group: 'gateway.envoyproxy.io', kind: 'EnvoyProxy' });
    const proxy = ofKind(all(), 'EnvoyProxy').find((p) => p.metadata.name === ref?.name);
    const kubernetes = proxy?.spec.provider?.kubernetes;
    expect(kubernetes?.envoyDeployment?.replicas).toBeGreaterThanOrEqual(2);
    expect(kubernetes?.envoyPDB?.minAvailable ?? kubernetes?.envoyPDB?.maxUnavailable).toBeDefined();
    // Envoy Gateway's default is Local; Cluster would hide every client behind a node's address.
    expect(kubernetes?.envoyService?.externalTrafficPolicy ?? 'Local').toBe('Local');
  });

  it("when rendered, then the Envoy proxies reach cert-manager's HTTP-01 solver pods, on the solver's port only", () => {
    const solver = { 'acme.cert-manager.io/http01-solver': 'true' };
    expect(allowed(all(), ENVOY_PROXY, solver, '8089')).toBe(true);
    expect(allowed(all(), ENVOY_PROXY, solver, '8080')).toBe(false);
    expect(allowed(all(), undefined, solver, '8089')).toBe(false);
  });
});

describe.each(RENDERED)('the migrations of %s', (_label, dir) => {
  it('when rendered, then each service migrates its own database in an init container before it starts', () => {
    const all = kustomize(dir);
    for (const service of SERVICES) {
      const deployment = appDeployments(all).find((d) => d.metadata.name === service) as K8sObject;
      const [migrate, ...others] = template(deployment).spec.initContainers ?? [];
      expect(others, service).toEqual([]);
      expect(commandLine(migrate as Container), service).toBe(`node ${entryOf(service)} migrate`);
      const main = template(deployment).spec.containers[0] as Container;
      expect(isAppImage((migrate as Container).image)).toBe(true);
      expect((migrate as Container).image).toBe(main.image);
      const databaseOf = (c: Container) =>
        c.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef;
      expect(databaseOf(migrate as Container), service).toEqual(databaseOf(main));
    }
  });
});

describe('whose X-Forwarded-For the processes trust', () => {
  it('when compose and the manifests are read, then every process names its proxies and none trusts everyone', () => {
    const { services } = loadCompose();
    for (const name of APP_PROCESSES) {
      const trusted = environmentOf(services[name] as ComposeService).TRUST_PROXY;
      expect(trusted, `${name} TRUST_PROXY`).toBe(name === 'gateway' ? 'false' : 'uniquelocal');
    }
    for (const dir of ['k8s/base', 'k8s/overlays/dev']) {
      const config = ofKind(kustomize(dir), 'ConfigMap').find((c) =>
        c.metadata.name.startsWith('linksmate-config'),
      );
      expect(config?.data?.TRUST_PROXY, `${dir} TRUST_PROXY`).toBe('uniquelocal');
    }
  });
});

// ----- images ---------------------------------------------------------------------------------

/** deploy/images.allow: `repository:tag` allows that tag only; a bare repository (ours) any tag. */
function allowedImages(): string[] {
  return readFileSync(repoPath('deploy/images.allow'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** A bare entry (ours) allows any tag of it, from any registry (`registry.example.com/linksmate/app`). */
const isAllowed = (image: string, allowed: string[]) =>
  allowed.some((entry) => {
    if (entry.includes(':')) return image === entry;
    const repository = image.split(':')[0] as string;
    return repository === entry || repository.endsWith(`/${entry}`);
  });

/** Every image a pod template of the rendered objects runs, init containers included. */
function podImages(objects: K8sObject[]): string[] {
  return objects.flatMap((o) => {
    const spec = (o.kind === 'CronJob' ? o.spec.jobTemplate?.spec : o.spec)?.template?.spec;
    if (!spec) return [];
    return [...(spec.initContainers ?? []), ...(spec.containers ?? [])].map((c: Container) =>
      String(c.image),
    );
  });
}

/** The Dockerfile's FROM images, its ARG defaults filled in (stage names are not images). */
function dockerfileImages(): string[] {
  const text = readFileSync(repoPath('Dockerfile'), 'utf8');
  const args = Object.fromEntries([...text.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const stages = new Set([...text.matchAll(/^FROM \S+ AS (\S+)$/gim)].map((m) => m[1]));
  return [...text.matchAll(/^FROM (\S+)/gim)]
    .map((m) => (m[1] as string).replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? ''))
    .filter((image) => !stages.has(image));
}

describe('container images', () => {
  const sources: Array<[string, () => string[]]> = [
    [
      'docker-compose.yml',
      () => Object.values(loadCompose().services).flatMap((s) => (s.image ? [s.image] : [])),
    ],
    ['the kustomize base', () => podImages(kustomize('k8s/base'))],
    ['the dev overlay', () => podImages(kustomize('k8s/overlays/dev'))],
    ['the prod overlay', () => podImages(kustomize('k8s/overlays/prod'))],
    ['the Dockerfile', dockerfileImages],
  ];

  it.each(sources)(
    'when %s is read, then every image it runs is on the allow-list with its tag',
    (_, images) => {
      const allowed = allowedImages();
      const found = images();
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((image) => !isAllowed(image, allowed))).toEqual([]);
    },
  );

  it('when the allow-list is read, then every third-party image in it is pinned to a tag, never latest', () => {
    const thirdParty = allowedImages().filter((entry) => !entry.startsWith('linksmate/'));
    expect(thirdParty.length).toBeGreaterThan(0);
    for (const entry of thirdParty) expect(entry, entry).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
  });

  it('when an image is not on the list, then the check refuses it', () => {
    const allowed = allowedImages();
    expect(isAllowed('minio/minio:RELEASE.2025-04-22T22-12-26Z', allowed)).toBe(false);
    expect(isAllowed('rabbitmq:3.13-management', allowed)).toBe(false);
    expect(isAllowed('postgres:18-alpine', allowed)).toBe(true);
    expect(isAllowed('linksmate/app:dev', allowed)).toBe(true);
  });
});
