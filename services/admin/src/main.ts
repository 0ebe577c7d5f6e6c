import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadAdminConfig } from './config';

try {
  const config = loadAdminConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'admin');
}
