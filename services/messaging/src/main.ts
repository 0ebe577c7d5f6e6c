import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadMessagingConfig } from './config';

await runServiceProcess({ name: 'messaging', migrationsFolder, loadConfig: loadMessagingConfig, buildApp });
