import {
  type LoadConfigOptions,
  loadConfig,
  ServiceConfigFields,
  ServicePort,
  StorageConfigFields,
} from '@linksmate/platform';
import Type from 'typebox';

export const VenuesCoachesConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3004),
  /** identity, for the accounts claims make (`/internal/accounts`, with SERVICE_TOKEN). */
  IDENTITY_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3001' }),
  /** How long a claim waits for identity before it gives up (and takes back what identity made). */
  IDENTITY_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** Where venue photos and gallery media are stored (the gateway serves them from the same store). */
  ...StorageConfigFields,
  /**
   * Where an upload is streamed while it is checked (videos up to 100 MB each); each upload's
   * files are removed when it is answered. The system's temporary folder when unset.
   */
  UPLOAD_TMP_DIR: Type.Optional(Type.String({ minLength: 1 })),
});
export type VenuesCoachesConfig = Type.Static<typeof VenuesCoachesConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadVenuesCoachesConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): VenuesCoachesConfig {
  return loadConfig(VenuesCoachesConfigSchema, env, 'venues-coaches', options);
}
