import { exitOnStartupError, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadIdentityConfig } from './config';

try {
  const config = loadIdentityConfig();
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err);
}
