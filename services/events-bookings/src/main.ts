import { runServiceProcess } from '@linksmate/platform';
import { buildApp, migrationsFolder } from './app';
import { loadEventsBookingsConfig } from './config';

await runServiceProcess({
  name: 'events-bookings',
  migrationsFolder,
  loadConfig: loadEventsBookingsConfig,
  buildApp,
});
