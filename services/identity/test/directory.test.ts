import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { type IdentityUnderTest, PASSWORD, sql, startIdentity } from './fixtures';

type Golfer = Partial<typeof schema.users.$inferInsert> & { username: string };
type Card = { id: number; username: string; skill_level: string | null; availability_status: string };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** People who never log in here: written straight to the table, verified unless said otherwise. */
async function addGolfers(identity: IdentityUnderTest, golfers: Golfer[]): Promise<void> {
  await identity.db.insert(schema.users).values(
    golfers.map((g) => ({
      email: `${g.username}@example.com`,
      passwordHash: 'not-a-login',
      emailVerifiedAt: new Date(),
      ...g,
    })),
  );
}

/** A signed-in member whose token carries a valid membership (identity's snapshot of payments'). */
async function memberWithMembership(identity: IdentityUnderTest, username: string) {
  const { id } = await identity.verifiedUser(username, `${username}@example.com`);
  await identity.db.insert(schema.memberships).values({
    userId: id,
    type: 'annual',
    status: 'active',
    planId: 'annual',
    currentPeriodEndsAt: new Date(Date.now() + 30 * 86_400_000),
    source: 'granted',
    version: 1,
  });
  const token = (await identity.login(`${username}@example.com`, PASSWORD)).json().token as string;
  return { id, token };
}

async function block(identity: IdentityUnderTest, blockerId: number, blockedId: number) {
  await identity.db.insert(schema.blocks).values({ blockerId, blockedId });
}

describe('identity: player discovery and the golfer list', () => {
  let identity: IdentityUnderTest;
  let me: { id: number; token: string };

  const discover = async (query: string, token = me.token) => {
    const res = await identity.get(`/discovery/members?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: Card[]; total_count: number };
  };
  const names = (cards: Card[]) => cards.map((c) => c.username);

  beforeAll(async () => {
    identity = await startIdentity();
    me = await memberWithMembership(identity, 'finder');
    await addGolfers(identity, [
      // Introduced (a name or a photo) come first, then the newest.
      { username: 'ada', firstName: 'Ada', skillLevel: 'advanced', createdAt: minutesAgo(50) },
      {
        username: 'ben',
        profileImageUrl: '/uploads/ben.webp',
        skillLevel: 'beginner',
        availabilityStatus: 'playing',
        createdAt: minutesAgo(40),
      },
      {
        username: 'cat',
        skillLevel: 'advanced',
        availabilityStatus: 'Unavailable',
        createdAt: minutesAgo(5),
      },
      { username: 'dan', skillLevel: 'pro', availabilityStatus: 'playing', createdAt: minutesAgo(4) },
      { username: 'eve', firstName: 'Eve', skillLevel: 'advanced', createdAt: minutesAgo(30) },
      { username: 'fay', createdAt: minutesAgo(3) },
      { username: 'gus', skillLevel: 'intermediate', createdAt: minutesAgo(2) },
      // Never listed.
      { username: 'hidden_hal', firstName: 'Hal', skillLevel: 'advanced', isProfileVisible: false },
      { username: 'unverified_ivy', firstName: 'Ivy', skillLevel: 'advanced', emailVerifiedAt: null },
      { username: 'banned_jon', firstName: 'Jon', skillLevel: 'advanced', bannedAt: new Date() },
    ]);
  });

  afterAll(() => identity?.close());

  it('when no token is sent, then discovery and golfers answer 401', async () => {
    expect((await identity.get('/discovery/members')).statusCode).toBe(401);
    expect((await identity.get('/golfers')).statusCode).toBe(401);
  });

  it('when a member without a membership looks for players, then 402 says a membership is required', async () => {
    const { token } = await identity.verifiedUser('no_plan', 'no_plan@example.com');
    const res = await identity.get('/discovery/members', token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ membership_required: true, redirect_url: '/membership' });
    // The home page's golfers need a login only.
    expect((await identity.get('/golfers', token)).statusCode).toBe(200);
  });

  it('when a coach without a membership looks for players, then they are let through', async () => {
    const coach = await identity.verifiedUser('a_coach', 'a_coach@example.com');
    await identity.setUser(coach.id, { role: 'coach', isProfileVisible: false });
    const token = (await identity.login('a_coach@example.com')).json().token;
    expect((await identity.get('/discovery/members', token)).statusCode).toBe(200);
  });

  it('when a member looks without filters, then only verified, visible, active others come, introduced first, then newest', async () => {
    const all = await discover('limit=50');
    expect(names(all.users)).toEqual(['eve', 'ben', 'ada', 'no_plan', 'gus', 'fay', 'dan', 'cat']);
    expect(all.total_count).toBe(8);
    expect(names(all.users)).not.toContain('finder');
    // A card is what discovery shows of a person: never the e-mail.
    expect(Object.keys(all.users[0]!).sort()).toEqual(
      [
        'id',
        'username',
        'first_name',
        'last_name',
        'profile_image_url',
        'skill_level',
        'manual_handicap',
        'club_memberships_text',
        'availability_status',
        'availability_status_message',
      ].sort(),
    );
  });

  it('when filtered by skill level, availability or both, then only those match; "Playing" finds the stored "playing"', async () => {
    const advanced = await discover('skill_level=advanced&limit=50');
    expect(names(advanced.users)).toEqual(['eve', 'ada', 'cat']);
    expect(advanced.total_count).toBe(3);
    const playing = await discover('availability_status=Playing');
    expect(names(playing.users)).toEqual(['ben', 'dan']);
    expect(playing.users.map((u) => u.availability_status)).toEqual(['playing', 'playing']);
    expect(names((await discover('availability_status=playing')).users)).toEqual(['ben', 'dan']);
    const both = await discover('skill_level=advanced&availability_status=Unavailable');
    expect(names(both.users)).toEqual(['cat']);
    expect(both.total_count).toBe(1);
    expect((await discover('skill_level=pro&availability_status=Available')).total_count).toBe(0);
  });

  it('when a filter is empty, then it filters nothing', async () => {
    const empty = await discover('skill_level=&availability_status=&limit=50');
    expect(empty.total_count).toBe(8);
  });

  it('when a limit or offset is out of bounds or a filter unknown, then 400; without a limit, ten come', async () => {
    for (const query of [
      'limit=0',
      'limit=51',
      'offset=-1',
      'limit=abc',
      'skill_level=expert',
      'availability_status=Busy',
    ]) {
      expect((await identity.get(`/discovery/members?${query}`, me.token)).statusCode, query).toBe(400);
    }
    for (const query of ['limit=0', 'limit=51', 'page=0']) {
      expect((await identity.get(`/golfers?${query}`, me.token)).statusCode, query).toBe(400);
    }
    await addGolfers(
      identity,
      Array.from({ length: 5 }, (_, i) => ({ username: `extra_${i}`, createdAt: minutesAgo(100 + i) })),
    );
    const first = await discover('');
    expect(first.users).toHaveLength(10);
    expect(first.total_count).toBe(13);
    expect((await discover('limit=50')).users).toHaveLength(13);
    await identity.db.delete(schema.users).where(sql`${schema.users.username} like 'extra_%'`);
  });

  it('when one pages through, then every person comes exactly once, in the same order as one long page', async () => {
    const whole = names((await discover('limit=50')).users);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length + 3; offset += 3) {
      const page = await discover(`limit=3&offset=${offset}`);
      expect(page.total_count).toBe(whole.length);
      paged.push(...names(page.users));
    }
    expect(paged).toEqual(whole);
    const golfers: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = (await identity.get(`/golfers?page=${page}&limit=3`, me.token)).json();
      expect(res).toMatchObject({ page, limit: 3, total: whole.length });
      golfers.push(...names(res.users));
    }
    expect(golfers).toEqual(whole);
  });

  it('when someone is blocked, either way, then neither sees the other in discovery or golfers; others see both', async () => {
    const bo = await memberWithMembership(identity, 'blocker_bo');
    const bea = await memberWithMembership(identity, 'blocked_bea');
    const tom = await memberWithMembership(identity, 'blocking_tom');
    await block(identity, bo.id, bea.id);
    await block(identity, tom.id, bo.id);

    const seenBy = async (token: string) => {
      const discovery = await discover('limit=50', token);
      const golfers = (await identity.get('/golfers?limit=50', token)).json();
      expect(discovery.total_count).toBe(discovery.users.length);
      expect(golfers.total).toBe(golfers.users.length);
      return { discovery: names(discovery.users), golfers: names(golfers.users) };
    };
    const byBo = await seenBy(bo.token);
    for (const list of [byBo.discovery, byBo.golfers]) {
      expect(list).not.toContain('blocked_bea');
      expect(list).not.toContain('blocking_tom');
      expect(list).toContain('finder');
    }
    const byBea = await seenBy(bea.token);
    const byTom = await seenBy(tom.token);
    for (const list of [byBea.discovery, byBea.golfers, byTom.discovery, byTom.golfers]) {
      expect(list).not.toContain('blocker_bo');
    }
    expect(byBea.discovery).toContain('blocking_tom');
    expect(byTom.golfers).toContain('blocked_bea');

    const byMe = await seenBy(me.token);
    for (const list of [byMe.discovery, byMe.golfers]) {
      expect(list).toEqual(expect.arrayContaining(['blocker_bo', 'blocked_bea', 'blocking_tom']));
    }
  });
});

describe('identity: discovery totals of a long directory', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity?.close());

  it('when more people match than are counted exactly, then the total is still right for each viewer and filter', async () => {
    const viewer = await memberWithMembership(identity, 'long_viewer');
    const other = await memberWithMembership(identity, 'other_viewer');
    // About 1,500 listed people (a third of them advanced), and hidden, unverified and banned ones.
    await identity.pool.query(`
      insert into users (username, email, password_hash, skill_level, email_verified_at, is_profile_visible, banned_at)
      select 'many_' || g, 'many_' || g || '@example.com', 'x',
             case when g % 3 = 0 then 'advanced' end,
             case when g % 50 = 1 then null else now() end,
             g % 50 <> 2,
             case when g % 50 = 3 then now() end
      from generate_series(1, 1560) g`);
    const listed = (
      await identity.pool.query(
        `select id, skill_level from users where username like 'many_%'
         and email_verified_at is not null and is_profile_visible and banned_at is null order by id`,
      )
    ).rows as Array<{ id: number; skill_level: string | null }>;
    expect(listed.length).toBeGreaterThan(1_400);
    for (const b of listed.slice(0, 7)) await block(identity, viewer.id, b.id);
    for (const b of listed.slice(7, 12)) await block(identity, b.id, viewer.id);
    // Someone blocked both ways is one person fewer, not two.
    await block(identity, listed[0]!.id, viewer.id);

    const total = async (query: string) =>
      (await identity.get(`/discovery/members?${query}`, viewer.token)).json().total_count as number;
    // Everyone listed but the twelve on the other side of a block; other_viewer in, long_viewer out.
    expect(await total('limit=10')).toBe(listed.length - 12 + 1);
    // The viewer's own blocks count at once, even while the directory's count is reused.
    await block(identity, viewer.id, listed[20]!.id);
    expect(await total('limit=10&offset=30')).toBe(listed.length - 13 + 1);
    const advanced = listed.filter((u, i) => u.skill_level === 'advanced' && i >= 12 && i !== 20).length;
    expect(advanced).toBeGreaterThan(400);
    expect(await total('skill_level=advanced')).toBe(advanced);

    const fromOther = (await identity.get('/discovery/members', other.token)).json();
    expect(fromOther.total_count).toBe(listed.length + 1);
    expect(fromOther.users).toHaveLength(10);
  });
});
