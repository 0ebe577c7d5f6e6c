import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The configuration alone, not the platform's index: main reads it and starts PostgreSQL before
// the services' code has loaded.
import { LOG_LEVELS, ServiceConfigFields } from '@linksmate/platform/config';
import Type from 'typebox';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const EmbeddedConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: Type.String({ default: join(repoRoot, '.data') }),
  EMBEDDED_PG_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 54329 }),
  /** Quiet by default so the URL and demo logins stand out; LOG_LEVEL=info shows every request. */
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'warn' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SERVICE_TOKEN: ServiceConfigFields.SERVICE_TOKEN,
  WEB_DIST: Type.String({ default: join(repoRoot, 'web', 'dist') }),
  /** Where the whole run's metrics are served (`GET /metrics`, on 127.0.0.1); 0 picks a free port. */
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
});
export type EmbeddedConfig = Type.Static<typeof EmbeddedConfigSchema>;

/** The database each service owns in the embedded PostgreSQL. */
export const SERVICE_DATABASES = {
  identity: 'identity',
  'membership-payments': 'payments',
  'events-bookings': 'events',
  'venues-coaches': 'venues',
  messaging: 'messaging',
  admin: 'admin',
} as const;
