import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const VenuesCoachesConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3004),
});
export type VenuesCoachesConfig = Type.Static<typeof VenuesCoachesConfigSchema>;

export function loadVenuesCoachesConfig(
  env: Record<string, string | undefined> = process.env,
): VenuesCoachesConfig {
  return loadConfig(VenuesCoachesConfigSchema, env, 'venues-coaches');
}
