import { exitOnStartupError, runMigrateCommand, STANDALONE, serve } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadMembershipPaymentsConfig } from './config';

try {
  if (await runMigrateCommand(process.argv.slice(2), { name: 'membership-payments', migrationsFolder }))
    process.exit(0);
  const config = loadMembershipPaymentsConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'membership-payments');
}
