import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const MembershipPaymentsConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3002),
});
export type MembershipPaymentsConfig = Type.Static<typeof MembershipPaymentsConfigSchema>;

export function loadMembershipPaymentsConfig(
  env: Record<string, string | undefined> = process.env,
): MembershipPaymentsConfig {
  return loadConfig(MembershipPaymentsConfigSchema, env, 'membership-payments');
}
