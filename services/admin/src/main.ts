import { exitOnStartupError, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadAdminConfig } from './config';

try {
  const config = loadAdminConfig();
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err);
}
