import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadIdentityConfig } from './config';

await runServiceProcess({ name: 'identity', migrationsFolder, loadConfig: loadIdentityConfig, buildApp });
