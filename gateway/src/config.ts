import { fileURLToPath } from 'node:url';
import {
  type LoadConfigOptions,
  loadConfig,
  ServiceConfigFields,
  ServicePort,
  StorageConfigFields,
} from '@linksmate/platform/edge';
import Type from 'typebox';
import type { ServiceName } from './routes';

const Url = (defaultUrl: string) => Type.String({ pattern: '^https?://', default: defaultUrl });

export const GatewayConfigSchema = Type.Object({
  NODE_ENV: ServiceConfigFields.NODE_ENV,
  LOG_LEVEL: ServiceConfigFields.LOG_LEVEL,
  HOST: ServiceConfigFields.HOST,
  PORT: ServicePort(8080),
  AMQP_URL: ServiceConfigFields.AMQP_URL,
  JWKS_URL: ServiceConfigFields.JWKS_URL,
  SERVICE_TOKEN: ServiceConfigFields.SERVICE_TOKEN,
  PUBLIC_URL: ServiceConfigFields.PUBLIC_URL,
  METRICS_PORT: ServiceConfigFields.METRICS_PORT,
  IDENTITY_URL: Url('http://127.0.0.1:3001'),
  PAYMENTS_URL: Url('http://127.0.0.1:3002'),
  EVENTS_URL: Url('http://127.0.0.1:3003'),
  VENUES_URL: Url('http://127.0.0.1:3004'),
  MESSAGING_URL: Url('http://127.0.0.1:3005'),
  ADMIN_URL: Url('http://127.0.0.1:3006'),
  /** Comma-separated origins allowed by CORS; the public URL's origin is always allowed. */
  CORS_ORIGINS: Type.String({ default: '' }),
  /** Requests per minute per client address on the API. */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 600 }),
  /** Requests per minute per client address on /auth/* and /claim-profile. */
  AUTH_RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 30 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  UPLOAD_BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 105 * 1024 * 1024 }),
  /** A service that does not accept a connection within this time is answered 503 (inside a second). */
  UPSTREAM_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 50, default: 700 }),
  UPSTREAM_RESPONSE_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** The built web app; served with SPA fallback when present. */
  WEB_DIST: Type.String({ default: fileURLToPath(new URL('../../web/dist', import.meta.url)) }),
  /**
   * Development only: the local Stripe simulator, reachable by the browser at /stripe-simulator/*
   * to confirm cards as Stripe.js would with Stripe.
   */
  STRIPE_SIMULATOR_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /**
   * Development only: the mail catcher's mailbox (tools/src/mail-catcher), answered at
   * /api/v1/dev/mailbox for the web's development page; unset, that path is unknown, as in production.
   */
  DEV_MAILBOX_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /**
   * The embedded run's live figures (tools/src/embedded/live-figures.ts), served at
   * /api/v1/dev/metrics for the web's /dev/metrics page; unset, that path is unknown.
   */
  DEV_METRICS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /**
   * Behind a load balancer or ingress, the proxies whose X-Forwarded-For counts (see
   * trustProxySetting); `false` when clients reach the gateway directly.
   */
  TRUST_PROXY: Type.String({ default: 'false' }),
  /**
   * Where the probes and the platform's health answer when the gateway sits behind an edge that
   * must not expose them (Kubernetes: 9090, probed by the kubelet, not in the Service the edge
   * routes). Unset: on PORT with the rest.
   */
  MANAGEMENT_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  /** The store the services put uploads in; the gateway serves them at /uploads/<key>. */
  ...StorageConfigFields,
});
export type GatewayConfig = Type.Static<typeof GatewayConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): GatewayConfig {
  return loadConfig(GatewayConfigSchema, env, 'gateway', options);
}

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    identity: config.IDENTITY_URL,
    'membership-payments': config.PAYMENTS_URL,
    'events-bookings': config.EVENTS_URL,
    'venues-coaches': config.VENUES_URL,
    messaging: config.MESSAGING_URL,
    admin: config.ADMIN_URL,
  };
}
