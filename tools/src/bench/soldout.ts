import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createTestAuth } from '@linksmate/platform/testing';
import pg from 'pg';
import { Pool } from 'undici';
import { backendsOf, type CpuPerRequest, cpuLine } from './cpu';
import { type EventsSeeded, seedEvents } from './events-seed';
import { fmt, percentile, scratchDatabase } from './infra';
import { cpuMs, keysAndVersions, SERVICE_POOL_SIZE, startServiceWithGateway, stop } from './processes';
import { atMost, row, type SummaryRow } from './summary';

/**
 * The sold-out burst: many people joining one open free official event at once through the gateway,
 * after a warm-up burst on another event. `measureSoldOut` is the `soldout` part; the
 * `events-bookings` part runs the same burst after its list figures.
 */

interface JoinRun {
  joiners: number;
  capacity: number;
  seconds: number;
  created: number;
  full: number;
  other: Map<number, number>;
  p50: number;
  p99: number;
  /** p99 of the seats given (201) and of the refusals (409) on their own. */
  p99Created: number;
  p99Full: number;
  confirmedSeats: number;
  storedCount: number;
}

/** `joiners` people joining one open free official event of `capacity` seats at once, through the gateway. */
async function joinHotEvent(
  gatewayUrl: string,
  databaseUrl: string,
  eventId: number,
  tokens: string[],
  capacity: number,
  concurrency: number,
): Promise<JoinRun> {
  const target = new URL(gatewayUrl);
  const pool = new Pool(target.origin, { connections: concurrency });
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const byStatus = new Map<number, number[]>();
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tokens.length) {
          const token = tokens[next++]!;
          const t = performance.now();
          const response = await pool.request({
            path: `/api/v1/events/${eventId}/join`,
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{}',
          });
          await response.body.dump();
          const took = performance.now() - t;
          latencies.push(took);
          byStatus.set(response.statusCode, [...(byStatus.get(response.statusCode) ?? []), took]);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seats = await client.query<{ n: number }>(
      `select coalesce(sum(seats), 0)::int n from bookings where event_id = $1 and status = 'confirmed'`,
      [eventId],
    );
    const stored = await client.query<{ n: number }>('select participant_count n from events where id = $1', [
      eventId,
    ]);
    latencies.sort((a, b) => a - b);
    const p99Of = (status: number) =>
      percentile(
        (byStatus.get(status) ?? [0]).sort((a, b) => a - b),
        99,
      );
    const other = new Map([...statuses].filter(([s]) => s !== 201 && s !== 409));
    return {
      joiners: tokens.length,
      capacity,
      seconds,
      created: statuses.get(201) ?? 0,
      full: statuses.get(409) ?? 0,
      other,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      p99Created: p99Of(201),
      p99Full: p99Of(409),
      confirmedSeats: seats.rows[0]!.n,
      storedCount: stored.rows[0]!.n,
    };
  } finally {
    await client.end();
  }
}

/** A member's token as identity signs it, for the bench's joins. */
export type MemberToken = (id: number) => Promise<string>;

/**
 * The sold-out burst as a running platform meets it: first as many people already in the directory
 * join a warm-up event of the same size (the services have served joins before a sale opens; the
 * burst's own first requests would otherwise measure the code's first run), then the hot event's
 * burst with people never seen before, so every token is still new to the gateway and the service.
 * What each part spent per join of the hot event is read around the burst alone.
 */
export async function soldOutBurst(
  target: { gatewayUrl: string; databaseUrl: string; gatewayPid?: number; servicePid?: number },
  seeded: EventsSeeded,
  member: MemberToken,
  capacity: number,
  concurrency: number,
): Promise<{ warmUp: JoinRun; joins: JoinRun; cpu: CpuPerRequest }> {
  const warmUpIds = Array.from({ length: seeded.joinerIds.length }, (_, i) => i + 1);
  const warmUp = await joinHotEvent(
    target.gatewayUrl,
    target.databaseUrl,
    seeded.warmUpEventId,
    await Promise.all(warmUpIds.map(member)),
    capacity,
    concurrency,
  );
  const tokens = await Promise.all(seeded.joinerIds.map(member));
  // The burst is CPU-bound on two cores, so what each part spends per join is where its p99 goes.
  const before = { gateway: cpuMs(target.gatewayPid), service: cpuMs(target.servicePid) };
  const backendsBefore = new Map((await backendsOf(target.databaseUrl)).map((pid) => [pid, cpuMs(pid)]));
  const joins = await joinHotEvent(
    target.gatewayUrl,
    target.databaseUrl,
    seeded.hotEventId,
    tokens,
    capacity,
    concurrency,
  );
  // Backends the service opened during the burst count from zero.
  const backends = await backendsOf(target.databaseUrl);
  const postgres = backends.reduce((sum, pid) => sum + cpuMs(pid) - (backendsBefore.get(pid) ?? 0), 0);
  const cpu: CpuPerRequest = {
    gateway: (cpuMs(target.gatewayPid) - before.gateway) / joins.joiners,
    'events-bookings': (cpuMs(target.servicePid) - before.service) / joins.joiners,
    PostgreSQL: postgres / joins.joiners,
  };
  return { warmUp, joins, cpu };
}

/** The hot event's burst in the summary: p99 of the whole burst, of the refusals, and overbooked seats. */
export function hotEventRows(joins: JoinRun, warmUp: JoinRun): SummaryRow[] {
  return [
    row({
      figure: `warm-up: the first ${warmUp.joiners} joins after start, p99`,
      value: warmUp.p99,
      unit: 'ms',
    }),
    row({
      figure: `${joins.joiners} joins on ${joins.capacity} seats, p99 of the burst`,
      value: joins.p99,
      unit: 'ms',
      target: '≤ 200 ms',
      meets: atMost(200),
    }),
    row({ figure: `${joins.full} refusals of a full event, p99`, value: joins.p99Full, unit: 'ms' }),
    row({
      figure: 'seats overbooked',
      value: Math.max(0, joins.confirmedSeats - joins.capacity),
      unit: 'seats',
      target: '0',
      meets: (n) => n === 0,
    }),
  ];
}

/** The hot event's burst: joins/s, p99 of the whole burst and of each outcome, overbooked seats. */
export function hotEventLines(joins: JoinRun, warmUp: JoinRun): string[] {
  const expected = Math.min(joins.capacity, joins.joiners);
  const other = [...joins.other].map(([s, n]) => `${s}×${n}`).join(', ') || 'none';
  const overbooked = Math.max(0, joins.confirmedSeats - joins.capacity);
  const agrees =
    joins.confirmedSeats === expected && joins.created === expected && joins.storedCount === expected;
  return [
    `  warm-up (the first joins after start, on another event of ${warmUp.capacity} seats): ${warmUp.joiners} joins, ${fmt(warmUp.joiners / warmUp.seconds, 0)} joins/s, p50 ${fmt(warmUp.p50, 1)} ms, p99 ${fmt(warmUp.p99, 1)} ms`,
    `  hot event: ${joins.joiners} people joining one open official event of ${joins.capacity} seats, 64 at a time through the gateway`,
    `    ${fmt(joins.joiners / joins.seconds, 0)} joins/s (${fmt(joins.seconds, 2)} s), p50 ${fmt(joins.p50, 1)} ms, p99 ${fmt(joins.p99, 1)} ms of the whole burst (target: p99 ≤ 200 ms)`,
    `    201 ${joins.created} (p99 ${fmt(joins.p99Created, 1)} ms), 409 full ${joins.full} (p99 ${fmt(joins.p99Full, 1)} ms), other ${other}`,
    `    confirmed seats ${joins.confirmedSeats} (stored count ${joins.storedCount}, expected ${expected}); overbooked: ${overbooked} (target: 0)${agrees ? '' : '  MISMATCH'}`,
  ];
}

/**
 * The sold-out burst alone (`npx tsx tools/src/bench/main.ts soldout`): `joiners` people joining one
 * open free official event of `hotCapacity` seats at once through the gateway, over a small
 * calendar (the list figures are `events-bookings`). A full event refuses before the event's queue,
 * so the refusals answer at once while the last seats are still given under the lock.
 */
export async function measureSoldOut(
  options: { joiners?: number; hotCapacity?: number; concurrency?: number } = {},
) {
  const joiners = options.joiners ?? 1_000;
  const hotCapacity = options.hotCapacity ?? 150;
  const concurrency = options.concurrency ?? 64;
  const database = await scratchDatabase('soldout');
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  try {
    const { service, gateway, gatewayUrl, seeded } = await startServiceWithGateway({
      entry: 'services/events-bookings/src/main.ts',
      upstream: 'EVENTS_URL',
      databaseUrl: database.url,
      identityUrl: identity.url,
      seed: () =>
        seedEvents(database.url, { events: 2_000, venues: 100, people: 1_000, joiners, hotCapacity }),
    });
    processes.push(service, gateway);
    const member: MemberToken = (id) =>
      auth.tokenFor(id, 'member', {
        membership_status: 'active',
        membership_ends_at: null,
        ttlSeconds: 3600,
      });
    const { warmUp, joins, cpu } = await soldOutBurst(
      { gatewayUrl, databaseUrl: database.url, gatewayPid: gateway.pid, servicePid: service.pid },
      seeded,
      member,
      hotCapacity,
      concurrency,
    );
    return {
      joins,
      cpu,
      rows: hotEventRows(joins, warmUp),
      report() {
        return [
          `Sold-out event (events-bookings and gateway as separate processes, service pool ${SERVICE_POOL_SIZE}; load average ${fmt(loadBefore, 1)} before, ${fmt(loadavg()[0]!, 1)} after):`,
          ...hotEventLines(joins, warmUp),
          cpuLine(cpu).replace('per request', 'per join of the hot event'),
        ].join('\n');
      },
    };
  } finally {
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await identity.close();
    await auth.close();
  }
}
