import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadIdentityConfig } from './config';

try {
  const config = loadIdentityConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'identity');
}
