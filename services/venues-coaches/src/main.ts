import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadVenuesCoachesConfig } from './config';

try {
  const config = loadVenuesCoachesConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'venues-coaches');
}
