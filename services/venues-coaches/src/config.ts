import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const VenuesCoachesConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3004),
  /** identity, for the accounts claims make (`/internal/accounts`, with SERVICE_TOKEN). */
  IDENTITY_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3001' }),
  /** How long a claim waits for identity before it gives up (and takes back what identity made). */
  IDENTITY_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
});
export type VenuesCoachesConfig = Type.Static<typeof VenuesCoachesConfigSchema>;

export function loadVenuesCoachesConfig(
  env: Record<string, string | undefined> = process.env,
): VenuesCoachesConfig {
  return loadConfig(VenuesCoachesConfigSchema, env, 'venues-coaches');
}
