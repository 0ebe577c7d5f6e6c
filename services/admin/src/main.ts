import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadAdminConfig } from './config';

await runServiceProcess({ name: 'admin', migrationsFolder, loadConfig: loadAdminConfig, buildApp });
