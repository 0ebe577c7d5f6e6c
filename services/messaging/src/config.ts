import {
  type LoadConfigOptions,
  loadConfig,
  ServiceConfigFields,
  ServicePort,
  StorageConfigFields,
} from '@linksmate/platform';
import Type from 'typebox';

export const MessagingConfigSchema = Type.Object({
  ...ServiceConfigFields,
  PORT: ServicePort(3005),
  /**
   * Where mail goes, e.g. smtp://mailpit:1025 or smtps://user:pass@smtp.example.com; the embedded run
   * gives the address of its own catcher (tools/src/mail-catcher).
   */
  SMTP_URL: Type.String({ pattern: '^smtps?://', default: 'smtp://127.0.0.1:1025' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'LinksMate <no-reply@linksmate.com.au>' }),
  /** How often the digest of missed messages is looked for (each person gets one at most hourly). */
  DIGEST_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 5 * 60_000 }),
  /** Where message pictures and videos are stored (the gateway serves them from the same store). */
  ...StorageConfigFields,
});
export type MessagingConfig = Type.Static<typeof MessagingConfigSchema>;

/** `options`: STANDALONE when the process runs on its own (main.ts), which needs AMQP_URL too. */
export function loadMessagingConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): MessagingConfig {
  return loadConfig(MessagingConfigSchema, env, 'messaging', options);
}
