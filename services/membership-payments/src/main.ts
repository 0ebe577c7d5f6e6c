import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadMembershipPaymentsConfig } from './config';

await runServiceProcess({
  name: 'membership-payments',
  migrationsFolder,
  loadConfig: loadMembershipPaymentsConfig,
  buildApp,
});
