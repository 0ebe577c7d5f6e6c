import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const IdentityConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3001),
});
export type IdentityConfig = Type.Static<typeof IdentityConfigSchema>;

export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig(IdentityConfigSchema, env, 'identity');
}
