import { exitOnStartupError, STANDALONE, serve } from '@linksmate/platform';
import { buildApp } from './app';
import { loadEventsBookingsConfig } from './config';

try {
  const config = loadEventsBookingsConfig(process.env, STANDALONE);
  await serve(await buildApp(config), { port: config.PORT, host: config.HOST });
} catch (err) {
  exitOnStartupError(err, 'events-bookings');
}
