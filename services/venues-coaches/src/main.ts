import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadVenuesCoachesConfig } from './config';

await runServiceProcess({
  name: 'venues-coaches',
  migrationsFolder,
  loadConfig: loadVenuesCoachesConfig,
  buildApp,
});
