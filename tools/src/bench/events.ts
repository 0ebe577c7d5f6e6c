import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import * as eventsBookings from '@linksmate/events-bookings';
import { createTestAuth } from '@linksmate/platform/testing';
import { cpuLine } from './cpu';
import { seedEvents } from './events-seed';
import { fmt, scratchDatabase } from './infra';
import {
  keysAndVersions,
  type LoadResult,
  load,
  loadLine,
  loadStatement,
  paced,
  startServiceWithGateway,
  stop,
} from './processes';
import { hotEventLines, hotEventRows, soldOutBurst } from './soldout';
import {
  atMost,
  pacedLines,
  pacedRepeated,
  pacedSeconds,
  type Repeated,
  ratioOf,
  repeated,
  row,
} from './summary';

const PAGE_SIZE = 10;

/**
 * The event list (first page; by type; by venue) for a signed-in caller over `events` events,
 * through the gateway beside the very page statement the service sends run straight on
 * PostgreSQL, paced then flat out; then a crowd joining one hot open official event at once,
 * counting the confirmed seats. events-bookings and the gateway run as their own processes.
 */
export async function measureEventsBookings(
  options: {
    events?: number;
    venues?: number;
    connections?: number;
    seconds?: number;
    rate?: number;
    joiners?: number;
    hotCapacity?: number;
  } = {},
) {
  const events = options.events ?? 200_000;
  const venues = options.venues ?? 2_000;
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 8;
  // Each paced run 20 s for its 3,000 samples; a page costs a fraction of a millisecond of CPU.
  const rate = options.rate ?? 150;
  const joiners = options.joiners ?? 1_000;
  const hotCapacity = options.hotCapacity ?? 150;
  const database = await scratchDatabase('events');
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  try {
    const { service, gateway, gatewayUrl, seeded, seedSeconds } = await startServiceWithGateway({
      entry: 'services/events-bookings/src/main.ts',
      upstream: 'EVENTS_URL',
      databaseUrl: database.url,
      identityUrl: identity.url,
      seed: () => seedEvents(database.url, { events, venues, people: 20_000, joiners, hotCapacity }),
    });
    processes.push(service, gateway);
    const member = (id: number) =>
      auth.tokenFor(id, 'member', {
        membership_status: 'active',
        membership_ends_at: null,
        ttlSeconds: 3600,
      });
    const viewerToken = await member(seeded.viewerId);
    const headers = { authorization: `Bearer ${viewerToken}` };
    const scenarios: Array<{
      label: string;
      search: Record<string, string>;
      filters: Omit<eventsBookings.ListFilters, 'now'>;
    }> = [
      { label: 'first page, upcoming', search: {}, filters: {} },
      {
        label: 'official events only',
        search: { event_type: 'linksmate_event' },
        filters: { eventType: 'linksmate_event' },
      },
      {
        label: 'one busy venue',
        search: { venue_id: String(seeded.venueId) },
        filters: { venueId: seeded.venueId },
      },
    ];
    const measured: Array<
      (typeof scenarios)[number] & {
        count: number;
        first: string;
        atRate: Repeated;
        viaGateway: LoadResult;
        sqlAtRate: Repeated;
        sql: LoadResult;
      }
    > = [];
    for (const scenario of scenarios) {
      const url = `${gatewayUrl}/api/v1/events?${new URLSearchParams({ ...scenario.search, limit: String(PAGE_SIZE), offset: '0' })}`;
      const answer = await fetch(url, { headers });
      if (answer.status !== 200)
        throw new Error(`the list answered ${answer.status}: ${await answer.text()}`);
      const found = (await answer.json()) as {
        events: Array<{ title: string; venue_name: string }>;
        count: number;
      };
      const statement = eventsBookings.toQuery(
        eventsBookings.eventsPageSql(
          { ...scenario.filters, now: new Date() },
          { limit: PAGE_SIZE, offset: 0 },
          seeded.viewerId,
        ),
      );
      // Paced first, warmed up paced: a paced figure taken after a flat-out run measures its aftermath.
      await paced(url, rate, 2, headers);
      const atRate = await pacedRepeated(url, rate, headers);
      const sqlAtRate = await repeated(() =>
        loadStatement(database.url, statement, { connections, seconds: pacedSeconds(rate), rate }),
      );
      const viaGateway = await load(url, connections, seconds, [`authorization=Bearer ${viewerToken}`]);
      const sql = await loadStatement(database.url, statement, { connections, seconds });
      measured.push({
        ...scenario,
        count: found.count,
        first: found.events[0]?.title ?? '(none)',
        atRate,
        viaGateway,
        sqlAtRate,
        sql,
      });
    }
    const { warmUp, joins, cpu } = await soldOutBurst(
      { gatewayUrl, databaseUrl: database.url, gatewayPid: gateway.pid, servicePid: service.pid },
      seeded,
      member,
      hotCapacity,
      64,
    );
    const rows = [
      ...measured.map((m) =>
        row({
          figure: `events list ${m.label}, paced ${rate}/s, p99`,
          value: m.atRate.median.latencyP99,
          unit: 'ms',
          ceiling: m.sqlAtRate.median.latencyP99,
          ratio: ratioOf(m.atRate, m.sqlAtRate, (r) => r.latencyP99),
          target: '≤ 25 ms',
          meets: atMost(25),
        }),
      ),
      ...hotEventRows(joins, warmUp),
    ];
    return {
      measured,
      joins,
      rows,
      report() {
        const out = [
          `Events list and joins (${events.toLocaleString('en')} events over ${venues.toLocaleString('en')} venues, three quarters past, with bookings, seeded in ${fmt(seedSeconds, 0)} s; signed-in caller, page of ${PAGE_SIZE}; ${connections} connections flat out or paced at ${rate} req/s, ${seconds} s each; events-bookings and gateway as separate processes; load average ${fmt(loadBefore, 1)} before):`,
        ];
        for (const m of measured) {
          out.push(
            `  ${m.label} — count ${m.count}, first '${m.first}'`,
            ...pacedLines(rate, m.atRate, m.sqlAtRate, 'list p99 via gateway ≤ 25 ms'),
            loadLine(`via gateway, ${connections} flat out`, m.viaGateway, 38),
            loadLine(`same SQL on PostgreSQL, ${connections} flat out`, m.sql, 38),
          );
        }
        out.push(
          ...hotEventLines(joins, warmUp),
          cpuLine(cpu).replace('per request', 'per join of the hot event'),
        );
        return out.join('\n');
      },
    };
  } finally {
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await identity.close();
    await auth.close();
  }
}
