import { loadConfig, ServiceConfigFields, ServicePort } from '@linksmate/platform';
import Type from 'typebox';

export const MessagingConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3005),
});
export type MessagingConfig = Type.Static<typeof MessagingConfigSchema>;

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  return loadConfig(MessagingConfigSchema, env, 'messaging');
}
