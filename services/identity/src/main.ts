import { exitOnStartupError, runMigrateCommand, STANDALONE, serve } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadIdentityConfig } from './config';

try {
  if (await runMigrateCommand(process.argv.slice(2), { name: 'identity', migrationsFolder })) process.exit(0);
  const config = loadIdentityConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'identity');
}
