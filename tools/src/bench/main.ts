import { measureAdminUsers } from './admin-users';
import { measureDiscovery } from './discovery';
import { measureEmbeddedRun } from './embedded';
import { measureEventLatency } from './event-latency';
import { measureEventsBookings } from './events';
import { measureGatewayOverhead } from './gateway-overhead';
import { measureLighthouse } from './lighthouse';
import { measureMessaging } from './messaging';
import { measureVenueSearch } from './venues';

/** `make bench`: prints figures; nothing here passes or fails on a threshold. */
const only = process.argv[2];
const line = '─'.repeat(96);
console.log(
  `${line}\nLinksMate benchmarks — ${new Date().toISOString()} — ${process.platform} ${process.arch}, node ${process.version}\n${line}`,
);
if (!only || only === 'events') console.log(`${(await measureEventLatency()).report()}\n`);
if (!only || only === 'gateway') console.log(`${(await measureGatewayOverhead()).report()}\n`);
if (!only || only === 'discovery') console.log(`${(await measureDiscovery()).report()}\n`);
if (!only || only === 'venues') console.log(`${(await measureVenueSearch()).report()}\n`);
// `events` is the bus's event latency above; the events catalogue and joins are `events-bookings`.
if (!only || only === 'events-bookings') console.log(`${(await measureEventsBookings()).report()}\n`);
if (!only || only === 'messaging') console.log(`${(await measureMessaging()).report()}\n`);
if (!only || only === 'admin') console.log(`${(await measureAdminUsers()).report()}\n`);
if (!only || only === 'lighthouse') console.log(`${(await measureLighthouse()).report()}\n`);
if (!only || only === 'embedded') console.log(`${(await measureEmbeddedRun()).report()}\n`);
console.log(line);
