import { type LoadConfigOptions, loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const AdminConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3006),
  /** identity, for the commands on accounts (`/internal/users/*`). */
  IDENTITY_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3001' }),
  /** membership-payments, for granted memberships (`/internal/memberships/*`). */
  PAYMENTS_URL: Type.String({ pattern: '^https?://', default: 'http://127.0.0.1:3002' }),
  /** How long an admin waits for the owning service before the action is reported as failed. */
  INTERNAL_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
});
export type AdminConfig = Type.Static<typeof AdminConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadAdminConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): AdminConfig {
  return loadConfig(AdminConfigSchema, env, 'admin', options);
}
