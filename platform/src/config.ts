import Type, { type TObject, type TProperties, type TSchema } from 'typebox';
import Value from 'typebox/value';

export class ConfigError extends Error {
  constructor(
    /** `NAME: what is wrong`, one per bad variable. */
    readonly problems: string[],
    readonly service?: string,
  ) {
    super(
      `Invalid configuration${service ? ` for ${service}` : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const DEVELOPMENT_SERVICE_TOKEN = 'dev-service-token-change-me';

const DEVELOPMENT_SECRET = Symbol.for('linksmate.developmentSecret');

/**
 * Marks a field whose default is a development secret (known to anyone with the source): a
 * production start that leaves it at that default is refused.
 */
export function developmentSecret<T extends TSchema>(field: T): T {
  return Object.assign(field, { [DEVELOPMENT_SECRET]: true });
}

function isDevelopmentSecret(field: TSchema): field is TSchema & { default: unknown } {
  return (field as Record<symbol, unknown>)[DEVELOPMENT_SECRET] === true && 'default' in field;
}

/** A bad value as the error message shows it: secrets and URL passwords never reach the logs. */
function shown(name: string, value: unknown): unknown {
  if (/SECRET|TOKEN|PASSWORD|KEY/.test(name) && typeof value === 'string') return '(hidden)';
  if (typeof value === 'string') return value.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
  return value;
}

export interface LoadConfigOptions {
  /** Optional in the schema, required here, and why (e.g. the bus of a process that runs on its own). */
  require?: Record<string, string>;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ADDRESS_OR_CIDR = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;

/**
 * TRUST_PROXY as the HTTP server takes it: `false`; a hop count (`1`: the one proxy in front); or
 * the proxies' addresses, CIDRs and named ranges (`loopback`, `linklocal`, `uniquelocal`), comma
 * separated. Never `true`: trusting every address would let any client set its own address.
 */
export function trustProxySetting(value: string): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim());
}

function trustProxyProblem(value: string): string | undefined {
  const setting = trustProxySetting(value);
  if (!Array.isArray(setting)) return undefined;
  if (setting.includes('true'))
    return 'TRUST_PROXY: name the proxies in front (addresses, CIDRs, loopback, linklocal, uniquelocal) or a hop count; true would let any client set its own address';
  const bad = setting.filter((part) => !NAMED_RANGES.has(part) && !ADDRESS_OR_CIDR.test(part));
  return bad.length ? `TRUST_PROXY: not an address, CIDR or named range: ${bad.join(', ')}` : undefined;
}

/** What a process started on its own (its main.ts) needs beyond its schema: no one hands it a bus. */
export const STANDALONE: LoadConfigOptions = {
  require: { AMQP_URL: 'a process on its own publishes and consumes events through RabbitMQ' },
};

/**
 * Reads a typed configuration from environment variables. Defaults apply, strings convert to the
 * declared types, and every bad or missing variable is reported at once in one message.
 */
export function loadConfig<P extends TProperties>(
  schema: TObject<P>,
  env: Record<string, string | undefined> = process.env,
  service?: string,
  options: LoadConfigOptions = {},
): Type.Static<TObject<P>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, converted)) {
    const path = error.instancePath.replace(/^\//, '');
    const missing = error.keyword === 'required' ? (error.params as { requiredProperties?: string[] }) : null;
    if (missing?.requiredProperties) {
      for (const name of missing.requiredProperties) {
        if (!seen.has(name)) problems.push(`${name}: is required`);
        seen.add(name);
      }
      continue;
    }
    if (!path || seen.has(path)) continue;
    seen.add(path);
    problems.push(`${path}: ${error.message} (got ${JSON.stringify(shown(path, raw[path]))})`);
  }
  // A development default secret must never reach production.
  const settings = converted as Record<string, unknown>;
  if (settings.NODE_ENV === 'production') {
    for (const [name, field] of Object.entries(schema.properties as Record<string, TSchema>)) {
      if (isDevelopmentSecret(field) && settings[name] === field.default)
        problems.push(`${name}: must be set to a secret of your own in production`);
    }
  }
  if (typeof settings.TRUST_PROXY === 'string') {
    const problem = trustProxyProblem(settings.TRUST_PROXY);
    if (problem) problems.push(problem);
  }
  for (const [name, why] of Object.entries(options.require ?? {}))
    if (settings[name] === undefined && !seen.has(name)) problems.push(`${name}: is required (${why})`);
  // Links in e-mails and redirects name the public address: a default of localhost would be wrong.
  if (settings.NODE_ENV === 'production' && 'PUBLIC_URL' in schema.properties && !env.PUBLIC_URL)
    problems.push('PUBLIC_URL: is required in production (links in e-mails and redirects use it)');
  if (problems.length) throw new ConfigError(problems, service);
  return converted as Type.Static<TObject<P>>;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Configuration fragments every service shares. */
export const ServiceConfigFields = {
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info' }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  /** Without it the service cannot publish; the embedded run passes its in-process bus instead. */
  AMQP_URL: Type.Optional(Type.String({ pattern: '^amqps?://' })),
  DB_POOL_MAX: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /** Where identity publishes its public keys. */
  JWKS_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3001/.well-known/jwks.json' }),
  /** Shared secret for /internal/* calls between services; never exposed by the gateway. */
  SERVICE_TOKEN: developmentSecret(Type.String({ minLength: 16, default: DEVELOPMENT_SERVICE_TOKEN })),
  /**
   * Accepted beside SERVICE_TOKEN while it rotates (callers keep sending SERVICE_TOKEN): set the
   * new value here everywhere, then make it SERVICE_TOKEN (the old one here), then drop this.
   */
  SERVICE_TOKEN_NEXT: Type.Optional(Type.String({ minLength: 16 })),
  /**
   * Whose X-Forwarded-For counts for the client's address (login limits, logs): see
   * trustProxySetting. A service trusts the gateway in front of it: on one host (the embedded run)
   * that is loopback; in a cluster the pod network (`uniquelocal`), which NetworkPolicies limit to
   * the gateway and the services.
   */
  TRUST_PROXY: Type.String({ default: 'loopback' }),
  /** The public address of the web app, used to build links in e-mails. */
  PUBLIC_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8080' }),
  /**
   * Where the process serves `GET /metrics` (Prometheus), on HOST, apart from the API: unset, it
   * serves none (several processes on one host would otherwise want one port).
   */
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
};

export const ServicePort = (defaultPort: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort });
