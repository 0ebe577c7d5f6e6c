import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countAllSql,
  countUpToSql,
  eventsPageSql,
  type ListFilters,
  toQuery,
} from '../src/modules/events/repository';
import { type EventsBookingsUnderTest, startEventsBookings } from './fixtures';

const EVENTS = 200_000;

describe('events-bookings: the event list over 200,000 events', () => {
  let eb: EventsBookingsUnderTest;
  let viewer: number;

  /**
   * The plan PostgreSQL keeps for the statement as the service runs it: prepared, planned once
   * (generic, as on the runtime's `preparedDb`), then executed with values.
   */
  const explain = async (sql: ReturnType<typeof eventsPageSql>) => {
    const { text, values } = toQuery(sql);
    await eb.pool.query(text, values); // warm, as a running service is
    const result = await eb.pool.query(`explain (analyze, buffers) ${text}`, values);
    const plan = result.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
    const planning = Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1]);
    return { plan, ms, planning };
  };

  beforeAll(async () => {
    eb = await startEventsBookings();
    viewer = (await eb.person()).id;
    await eb.pool.query(
      `insert into venues (id, name, city, state, listed, version)
       select g, 'Venue ' || g, 'Sydney', 'NSW', true, 1 from generate_series(1, 500) g`,
    );
    await eb.pool.query(
      `insert into coaches (id, first_name, last_name, version)
       select g, 'Coach', 'No ' || g, 1 from generate_series(1, 100) g`,
    );
    // Three years of events around now: two thirds past, a few under way, official ones every fifth.
    await eb.pool.query(
      `insert into events (title, event_type, venue_id, coach_profile_id, creator_user_id, start_time,
         end_time, capacity, price_per_participant, status)
       select 'Event ' || g,
         case when g % 5 = 0 then 'linksmate_event' else 'member_game' end,
         1 + g % 500,
         case when g % 5 = 0 then 1 + g % 100 end,
         $2::int,
         now() - interval '730 days' + (g * interval '1 day' * 1095 / $1::int),
         now() - interval '730 days' + (g * interval '1 day' * 1095 / $1::int) + interval '4 hours',
         10, case when g % 10 = 0 then 2500 else 0 end,
         case when g % 50 = 0 then 'cancelled' else 'open' end
       from generate_series(1, $1::int) g`,
      [EVENTS, viewer],
    );
    await eb.pool.query(
      `insert into bookings (event_id, user_id, status)
       select id, $1, 'confirmed' from events where id % 97 = 0`,
      [viewer],
    );
    // As autovacuum leaves a table that has settled: statistics and the visibility map both current.
    await eb.pool.query('vacuum analyze');
  }, 120_000);

  afterAll(() => eb?.close());

  const upcoming = (): ListFilters => ({ now: eb.clock.now() });

  it('when the first page of upcoming events is planned, then it reads the start-time index and stops after the page', async () => {
    const { plan, ms, planning } = await explain(eventsPageSql(upcoming(), { limit: 10, offset: 0 }, viewer));
    console.info(`GET /events page 1: planning ${planning} ms, execution ${ms} ms\n${plan}`);
    expect(plan).toContain('events_listing_idx');
    expect(plan).toContain('events_span_idx');
    expect(plan).not.toMatch(/Seq Scan on events/);
  });

  it('when filtered by type, venue or coach, or paged deep, then no plan scans the whole table', async () => {
    const cases: Array<[string, ListFilters, number]> = [
      ['event_type', { ...upcoming(), eventType: 'linksmate_event' }, 0],
      ['venue_id', { ...upcoming(), venueId: 42 }, 0],
      ['coach_id', { ...upcoming(), coachId: 7 }, 0],
      ['offset 1000', upcoming(), 1000],
      ['include_past', { now: null }, 0],
    ];
    for (const [label, filters, offset] of cases) {
      const { plan, ms, planning } = await explain(eventsPageSql(filters, { limit: 10, offset }, viewer));
      console.info(`GET /events ${label}: planning ${planning} ms, execution ${ms} ms`);
      expect(plan, label).not.toMatch(/Seq Scan on events/);
    }
  });

  it('when the total is counted, then both the capped and the full count read only an index', async () => {
    const capped = await explain(countUpToSql(upcoming(), 1001));
    const full = await explain(countAllSql(upcoming()));
    console.info(
      `count up to 1001: ${capped.ms} ms; full count of upcoming: ${full.ms} ms (cached 10 s per filter)`,
    );
    expect(capped.plan).not.toMatch(/Seq Scan on events/);
    // The full count runs every few seconds beside the traffic: from the index, not the table.
    expect(full.plan).toMatch(/Index Only Scan using events_listing_idx/);
    expect(full.plan).not.toMatch(/Seq Scan on events/);
  });

  it('when GET /events is called over 200,000 events, then the count and order are right', async () => {
    const times: number[] = [];
    let body: { events: Array<{ start_time: string; user_has_confirmed_booking: boolean }>; count: number } =
      {
        events: [],
        count: 0,
      };
    const tokens = await Promise.all(Array.from({ length: 10 }, async () => (await eb.person()).token));
    await eb.get('/events', tokens[0]); // the first asks for the full count; it is then kept
    for (let i = 0; i < 100; i++) {
      const token = tokens[i % tokens.length];
      const started = performance.now();
      const res = await eb.get(`/events?limit=10&offset=${(i % 6) * 10}`, token);
      times.push(performance.now() - started);
      body = res.json();
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const p99 = times[Math.ceil(times.length * 0.99) - 1]!;
    console.info(`GET /events through app.inject: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    const upcomingCount = await eb.pool.query(
      `select count(*)::int as n from events where deleted_at is null and status <> 'cancelled'
         and coalesce(end_time, start_time) >= now()`,
    );
    expect(Math.abs(body.count - upcomingCount.rows[0].n)).toBeLessThanOrEqual(2);
    const starts = body.events.map((e) => e.start_time);
    expect(starts).toEqual([...starts].sort());
  });
});
