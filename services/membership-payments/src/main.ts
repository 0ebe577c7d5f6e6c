import { exitOnStartupError, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadMembershipPaymentsConfig } from './config';

try {
  const config = loadMembershipPaymentsConfig();
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err);
}
