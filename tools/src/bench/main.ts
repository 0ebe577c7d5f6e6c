import { measureAdminUsers } from './admin-users';
import { measureCompression } from './compression';
import { measureDiscovery } from './discovery';
import { measureEmbeddedRun } from './embedded';
import { measureEventLatency } from './event-latency';
import { measureEventsBookings, measureSoldOut } from './events';
import { measureGatewayCpu } from './gateway-cpu';
import { measureGatewayOverhead } from './gateway-overhead';
import { measureLighthouse } from './lighthouse';
import { measureMessaging } from './messaging';
import { measureVenueGrowth, measureVenueSearch } from './venues';

/** `make bench`: prints figures; nothing here passes or fails on a threshold. */
const only = process.argv[2];
const line = '─'.repeat(96);
console.log(
  `${line}\nLinksMate benchmarks — ${new Date().toISOString()} — ${process.platform} ${process.arch}, node ${process.version}\n${line}`,
);
if (!only || only === 'events') console.log(`${(await measureEventLatency()).report()}\n`);
if (!only || only === 'gateway') console.log(`${(await measureGatewayOverhead()).report()}\n`);
if (!only || only === 'gateway' || only === 'gateway-cpu')
  console.log(`${(await measureGatewayCpu()).report()}\n`);
if (!only || only === 'discovery') console.log(`${(await measureDiscovery()).report()}\n`);
if (!only || only === 'venues') console.log(`${(await measureVenueSearch()).report()}\n`);
if (!only || only === 'venues' || only === 'venues-growth')
  console.log(`${(await measureVenueGrowth()).report()}\n`);
// `events` is the bus's event latency above; the events catalogue and joins are `events-bookings`.
if (!only || only === 'events-bookings') console.log(`${(await measureEventsBookings()).report()}\n`);
// The hot event's burst alone (it is also part of `events-bookings`): `soldout`.
if (only === 'soldout') console.log(`${(await measureSoldOut()).report()}\n`);
if (!only || only === 'messaging') console.log(`${(await measureMessaging()).report()}\n`);
if (!only || only === 'admin') console.log(`${(await measureAdminUsers()).report()}\n`);
if (!only || only === 'compress') console.log(`${(await measureCompression()).report()}\n`);
if (!only || only === 'lighthouse') console.log(`${(await measureLighthouse()).report()}\n`);
if (!only || only === 'embedded') console.log(`${(await measureEmbeddedRun()).report()}\n`);
console.log(line);
