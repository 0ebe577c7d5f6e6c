import pg from 'pg';

/**
 * The directory the bench searches: `count` people, of whom about 5% hide their profile, 4% never
 * verified and 1% are banned; skill levels, availability, names and photos spread over them; a
 * few thousand blocks between strangers. Written in one statement, then vacuumed and analysed as
 * autovacuum would have done by the time such a directory exists.
 */
export async function seedDirectory(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (username, email, password_hash, first_name, last_name, profile_image_url,
         manual_handicap, skill_level, club_memberships_text, is_profile_visible, availability_status,
         email_verified_at, banned_at, created_at)
       select 'golfer_' || g, 'golfer' || g || '@bench.example', 'not-a-login',
         case when g % 3 <> 0 then 'First' || g end, case when g % 3 <> 0 then 'Last' || g end,
         case when g % 4 = 0 then '/uploads/bench/' || g || '.webp' end,
         case when g % 2 = 0 then ((g % 640) - 100) / 10.0 end,
         (array['beginner', 'intermediate', 'advanced', 'pro', null])[1 + (g / 10) % 5],
         case when g % 7 = 0 then 'Royal Bench Golf Club' end,
         g % 20 <> 0,
         case when g % 10 < 6 then 'Available' when g % 10 < 9 then 'Unavailable' else 'playing' end,
         case when g % 25 <> 0 then now() - interval '1 day' end,
         case when g % 100 = 7 then now() end,
         now() - ($1::int - g) * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [count],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select a, b from (
         select (select min(id) from users) + (g * 7919) % $1::int as a,
                (select min(id) from users) + (g * 104729) % $1::int as b
         from generate_series(1, 3000) g) pairs
       where a <> b on conflict do nothing`,
      [count],
    );
    await client.query('vacuum analyze users, blocks');
  } finally {
    await client.end();
  }
}

/** The viewer blocks 20 people and 20 others block the viewer; then a membership lets them search. */
export async function prepareViewer(url: string, viewerId: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select $1::int, id from users where username like 'golfer_%' and id % 997 = 1 limit 20`,
      [viewerId],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select id, $1::int from users where username like 'golfer_%' and id % 991 = 2 limit 20`,
      [viewerId],
    );
    await client.query(
      `insert into memberships (user_id, type, status, plan_id, current_period_ends_at, source, version)
       values ($1, 'annual', 'active', 'annual', now() + interval '1 year', 'granted', 1)`,
      [viewerId],
    );
  } finally {
    await client.end();
  }
}
