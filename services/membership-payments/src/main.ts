import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadMembershipPaymentsConfig } from './config';

try {
  const config = loadMembershipPaymentsConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'membership-payments');
}
