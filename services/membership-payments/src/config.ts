import { type LoadConfigOptions, loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const MembershipPaymentsConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3002),
  /** A real key talks to Stripe; with STRIPE_API_BASE set, the SDK talks to the simulator instead. */
  STRIPE_SECRET_KEY: Type.String({ pattern: '^(sk|rk)_' }),
  STRIPE_PUBLISHABLE_KEY: Type.String({ pattern: '^pk_' }),
  STRIPE_WEBHOOK_SECRET: Type.String({ pattern: '^whsec_' }),
  /** Development and tests only: the local Stripe simulator, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Where the browser reaches the simulator through the gateway, when the simulator is used. */
  STRIPE_SIMULATOR_PUBLIC_PATH: Type.String({ default: '/stripe-simulator' }),
  /** How often granted memberships past their end are ended. */
  GRANT_EXPIRY_SWEEP_MS: Type.Integer({ minimum: 100, default: 60_000 }),
  /** How often memberships are looked at for a renewal or end to tell of (docs/product.md#reminders). */
  MEMBERSHIP_NOTICE_SWEEP_MS: Type.Integer({ minimum: 100, default: 15 * 60_000 }),
});
export type MembershipPaymentsConfig = Type.Static<typeof MembershipPaymentsConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadMembershipPaymentsConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): MembershipPaymentsConfig {
  return loadConfig(MembershipPaymentsConfigSchema, env, 'membership-payments', options);
}
