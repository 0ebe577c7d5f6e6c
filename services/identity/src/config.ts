import {
  developmentSecret,
  type LoadConfigOptions,
  loadConfig,
  ServiceConfigFields,
  ServicePort,
  StorageConfigFields,
} from '@linksmate/platform';
import { ACCESS_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import Type from 'typebox';

/** Base64 of 32 bytes: 43 characters and one `=`. */
const SEALING_KEY_PATTERN = '^[A-Za-z0-9+/]{43}=$';
/** Known to anyone with the source: for development and tests only (production refuses it). */
export const DEVELOPMENT_KEY_ENCRYPTION_KEY = 'ZGV2ZWxvcG1lbnQta2V5LWVuY3J5cHRpb24ta2V5ISE=';

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
   * Seals the private halves of the token signing keys in identity's database (AES-256-GCM): 32
   * random bytes as base64 (`openssl rand -base64 32`). The development default is refused in
   * production. To rotate it: set the new key here and the old one as KEY_ENCRYPTION_KEY_PREVIOUS,
   * roll out, run `ops keys reseal`, then drop the previous key.
   */
  KEY_ENCRYPTION_KEY: developmentSecret(
    Type.String({ pattern: SEALING_KEY_PATTERN, default: DEVELOPMENT_KEY_ENCRYPTION_KEY }),
  ),
  KEY_ENCRYPTION_KEY_PREVIOUS: Type.Optional(Type.String({ pattern: SEALING_KEY_PATTERN })),
  /** How often each replica reads the signing keys again, to take up a rotation (ops keys rotate). */
  SIGNING_KEY_RELOAD_SECONDS: Type.Integer({ minimum: 1, maximum: 60, default: 30 }),
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
