import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const AdminConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3006),
});
export type AdminConfig = Type.Static<typeof AdminConfigSchema>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(AdminConfigSchema, env, 'admin');
}
