import { measureAdminUsers } from './admin-users';
import { measureChatRequests } from './chat-requests';
import { stopAllOnSignal } from './children';
import { measureCompression } from './compression';
import { measureDiscovery } from './discovery';
import { measureEmbeddedRun } from './embedded';
import { measureEventLatency } from './event-latency';
import { measureEventsBookings } from './events';
import { measureGatewayCpu } from './gateway-cpu';
import { measureGatewayOverhead } from './gateway-overhead';
import { scratchVhost } from './infra';
import { measureLighthouse } from './lighthouse';
import { measureMessaging } from './messaging';
import { measureNotificationFanOut } from './notifications';
import { measureRounds } from './rounds';
import { measureSoldOut } from './soldout';
import { type SummaryRow, summaryTable } from './summary';
import { measureVenueGrowth, measureVenueSearch } from './venues';

/**
 * `make bench`, or one part: `npx tsx tools/src/bench/main.ts <part>`. Each part prints its report
 * as it finishes; the rows the parts return (`rows: SummaryRow[]` beside `report()`) make one
 * summary table at the end. A part that fails is reported and the others still run.
 */
interface PartResult {
  report(): string;
  rows?: SummaryRow[];
}

const parts: Record<string, () => Promise<PartResult>> = {
  events: measureEventLatency,
  gateway: measureGatewayOverhead,
  'gateway-cpu': measureGatewayCpu,
  discovery: measureDiscovery,
  venues: measureVenueSearch,
  'venues-growth': measureVenueGrowth,
  // `events` is the bus's event latency above; the events catalogue and joins are `events-bookings`.
  'events-bookings': measureEventsBookings,
  // The hot event's burst alone; `events-bookings` runs it too, so `make bench` leaves it out.
  soldout: measureSoldOut,
  messaging: measureMessaging,
  // An announcement's notifications for 10,000 people, beside the same INSERT … SELECT.
  notifications: measureNotificationFanOut,
  // Recording a round for a member with 500 rounds (the record recomputed), beside SQL + handicapRecord.
  rounds: measureRounds,
  // What the web app asks of the API per live direct message, in two browsers against make run.
  'chat-requests': measureChatRequests,
  admin: measureAdminUsers,
  compress: measureCompression,
  lighthouse: measureLighthouse,
  embedded: measureEmbeddedRun,
};
/** Parts run only when named. */
const namedOnly = new Set(['soldout']);

const only = process.argv[2];
if (only && !parts[only]) {
  console.error(`No bench part '${only}'; the parts are: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
// Ctrl+C (or make being stopped) stops every process the bench started before it exits.
stopAllOnSignal();

const line = '─'.repeat(96);
console.log(
  `${line}\nLinksMate benchmarks — ${new Date().toISOString()} — ${process.platform} ${process.arch}, node ${process.version}\n${line}`,
);
const rows: SummaryRow[] = [];
const failed: string[] = [];
for (const [name, measure] of Object.entries(parts)) {
  if (only ? only !== name : namedOnly.has(name)) continue;
  const vhost = await scratchVhost(name);
  try {
    const result = await measure();
    console.log(`${result.report()}\n`);
    rows.push(...(result.rows ?? []));
  } catch (err) {
    failed.push(name);
    console.error(`bench part '${name}' failed:`, err);
  } finally {
    await vhost.drop();
  }
}
console.log(`${line}\n${summaryTable(rows)}`);
if (failed.length) console.log(`Parts that failed: ${failed.join(', ')}`);
console.log(line);
process.exitCode = failed.length ? 1 : 0;
// Every part closes what it opened, so the bench exits by itself; if something was left open (a
// server, a pool), say what and exit anyway rather than hang.
setTimeout(() => {
  console.error(`bench: still open 10 s after the last part: ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(1);
}, 10_000).unref();
