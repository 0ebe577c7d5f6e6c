import {
  type LoadConfigOptions,
  loadConfig,
  ServiceConfigFields,
  ServicePort,
  StorageConfigFields,
} from '@linksmate/platform';
import { ACCESS_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import Type from 'typebox';

export const IdentityConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3001),
  /** Lifetime of an access token (15 minutes: proto's ACCESS_TOKEN_TTL_SECONDS). */
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 7 * 24 * 3600,
    default: ACCESS_TOKEN_TTL_SECONDS,
  }),
  /**
   * A signing key as a private JWK (JSON). Without it identity generates one and keeps it in its
   * database, so every replica and restart signs with the same key.
   */
  JWT_PRIVATE_JWK: Type.Optional(Type.String({ minLength: 20 })),
  /** Failed logins allowed per account, and per client address, within the window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Integer({ minimum: 1, default: 20 }),
  LOGIN_FAILURE_WINDOW_SECONDS: Type.Integer({ minimum: 10, default: 15 * 60 }),
  /** An address or device the account logged in from within this many days counts as the owner's. */
  LOGIN_KNOWN_SOURCE_DAYS: Type.Integer({ minimum: 1, default: 90 }),
  /** Where profile pictures are stored (the gateway serves them from the same store). */
  ...StorageConfigFields,
});
export type IdentityConfig = Type.Static<typeof IdentityConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadIdentityConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): IdentityConfig {
  return loadConfig(IdentityConfigSchema, env, 'identity', options);
}
