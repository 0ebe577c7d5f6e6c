import { exitOnStartupError, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadVenuesCoachesConfig } from './config';

try {
  const config = loadVenuesCoachesConfig();
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err);
}
