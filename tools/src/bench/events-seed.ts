import pg from 'pg';

export interface EventsSeeded {
  /** The viewer whose token the list is read with (a few confirmed bookings of their own). */
  viewerId: number;
  /** A busy venue for the venue filter. */
  venueId: number;
  /** People known to the service who join the hot event. */
  joinerIds: number[];
  /** The open free official event everyone joins at once. */
  hotEventId: number;
  /** An event like the hot one that people already in the directory join first. */
  warmUpEventId: number;
}

/**
 * events-bookings' tables as a national calendar leaves them: `events` events over `venues` venues
 * (four years of them, three quarters past, a realistic share upcoming; official events every
 * fifth, paid ones every tenth, a few cancelled), confirmed bookings on a share of them with the
 * stored participant counts agreeing, and the people who will join the hot event. Written straight
 * in SQL: the bench measures reading and joining, not seeding.
 */
export async function seedEvents(
  url: string,
  options: { events: number; venues: number; people: number; joiners: number; hotCapacity: number },
): Promise<EventsSeeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, username, email, first_name, last_name, role, manual_handicap, skill_level, version)
       select g, 'golfer' || g, 'golfer' || g || '@bench.linksmate.dev', 'Golfer', 'No ' || g, 'member',
         (g % 54) - 4, (array['beginner','intermediate','advanced','pro'])[1 + g % 4], 1
       from generate_series(1, $1::int) g`,
      [options.people + options.joiners],
    );
    await client.query(
      `insert into venues (id, name, slug, address, city, state, lat, lng, listed, version)
       select g, 'Bench Links ' || g, 'bench-links-' || g, g || ' Fairway Road',
         (array['Sydney','Melbourne','Brisbane','Adelaide','Perth','Hobart','Canberra','Darwin'])[1 + g % 8],
         (array['NSW','VIC','QLD','SA','WA','TAS','ACT','NT'])[1 + g % 8],
         -38 + (g % 200) * 0.1, 115 + (g % 300) * 0.1, g % 40 <> 0, 1
       from generate_series(1, $1::int) g`,
      [options.venues],
    );
    await client.query(
      `insert into coaches (id, first_name, last_name, version)
       select g, 'Coach', 'No ' || g, 1 from generate_series(1, 200) g`,
    );
    // Start times spread over three years back and one ahead: three quarters past. Venues are
    // skewed (the lower ids, the city courses, hold more events), as a real calendar is.
    await client.query(
      `insert into events (title, description, event_type, status, venue_id, coach_profile_id, creator_user_id,
         start_time, end_time, capacity, price_per_participant, min_handicap, max_handicap)
       select case when g % 5 = 0 then 'LinksMate Open Day ' || g else 'Saturday Stableford ' || g end,
         'Eighteen holes and a drink after.',
         case when g % 5 = 0 then 'linksmate_event' else 'member_game' end,
         case when g % 60 = 0 then 'cancelled' else 'open' end,
         1 + floor(power(random(), 2) * $2::int)::int,
         case when g % 5 = 0 and g % 3 = 0 then 1 + g % 200 end,
         case when g % 5 <> 0 then 1 + g % $3::int end,
         s, s + interval '4 hours',
         case when g % 5 = 0 then 40 else 4 end,
         case when g % 10 = 0 then 4500 else 0 end,
         case when g % 17 = 0 then 0 end, case when g % 17 = 0 then 18 end
       from generate_series(1, $1::int) g,
         lateral (select date_trunc('minute', now() - interval '1095 days'
           + (g::float8 / $1::int) * interval '1460 days') + interval '7 hours' as s) t`,
      [options.events, options.venues, options.people],
    );
    // Confirmed seats on every third event (never beyond capacity), the viewer's among a few.
    await client.query(
      `insert into bookings (event_id, user_id, status, seats, booked_at)
       select e.id, 1 + ((e.id * 7 + k * 131) % $1::int), 'confirmed', 1, e.start_time - interval '3 days'
       from events e cross join lateral generate_series(1, least(e.capacity - 1, 1 + e.id % 3)) k
       where e.id % 3 = 0
       on conflict do nothing`,
      [options.people],
    );
    await client.query(
      `update events e set participant_count = b.n
       from (select event_id, sum(seats)::int n from bookings where status = 'confirmed' group by event_id) b
       where b.event_id = e.id`,
    );
    const viewerId = options.people + options.joiners + 1;
    await client.query(
      `insert into users (id, username, email, first_name, last_name, role, version)
       values ($1, 'bench_viewer', 'viewer@bench.linksmate.dev', 'Bench', 'Viewer', 'member', 1)`,
      [viewerId],
    );
    await client.query(
      `insert into bookings (event_id, user_id, status, seats)
       select id, $1, 'pending', 1 from events where id % 997 = 0 and start_time > now()`,
      [viewerId],
    );
    /** An open free official event `inDays` from now at `venueId`, of the hot event's size. */
    const openEvent = async (title: string, venueId: number, inDays: number) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into events (title, event_type, status, venue_id, start_time, end_time, capacity, price_per_participant)
         values ($1, 'linksmate_event', 'open', $2, now() + make_interval(days => $3),
           now() + make_interval(days => $3, hours => 4), $4, 0)
         returning id`,
        [title, venueId, inDays, options.hotCapacity],
      );
      return rows[0]!.id;
    };
    const hotEventId = await openEvent('LinksMate Members Day (hot)', 1, 10);
    // Where the services are warmed up before the hot event's burst (a running platform has served
    // joins before a sale opens; the burst measures the sale, not the first requests after a start).
    const warmUpEventId = await openEvent('LinksMate Twilight Nine (warm-up)', 2, 11);
    await client.query('vacuum analyze');
    // The bulk load's dirty pages written out now, not by a checkpoint in the middle of the timing
    // (a running platform is not in the middle of writing 200,000 events).
    await client.query('checkpoint');
    return {
      viewerId,
      venueId: 1,
      joinerIds: Array.from({ length: options.joiners }, (_, i) => options.people + 1 + i),
      hotEventId,
      warmUpEventId,
    };
  } finally {
    await client.end();
  }
}
