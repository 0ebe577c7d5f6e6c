import { createDatabase } from '@linksmate/platform';
import { createTestDatabase, type TestDatabase } from '@linksmate/platform/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Directory, migrationsFolder, schema } from '../src';
import type { PeopleFilter, PeopleOrder } from '../src/modules/directory/service';

const PEOPLE = [
  { id: 1, username: 'ann_admin', role: 'admin', banned: false },
  { id: 2, username: 'sam_site', role: 'site_admin', banned: false },
  { id: 3, username: 'mo_moderator', role: 'moderator', banned: true },
  { id: 4, username: 'gus_golfer', role: 'member', banned: false },
  { id: 5, username: 'gail_golfer', role: 'member', banned: true },
  { id: 6, username: 'cole_coach', role: 'coach', banned: false },
];

const newestFirst: PeopleOrder = { sortBy: 'created_at', direction: 'desc' };
const page = { limit: 25, offset: 0 };

describe('admin: the User Management list as prepared statements', () => {
  let database: TestDatabase;
  let handle: ReturnType<typeof createDatabase<typeof schema>>;
  const sent: Array<{ name?: string; text: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase('admin', migrationsFolder);
    handle = createDatabase(database.url, schema, { max: 1 });
    await handle.db.insert(schema.directoryUsers).values(
      PEOPLE.map((p) => ({
        ...p,
        email: `${p.username}@example.com`,
        createdAt: new Date(Date.UTC(2026, 0, p.id)),
        userVersion: 1,
      })),
    );
    // Everything the list sends PostgreSQL, as the service's preparedDb sends it.
    const pool = handle.prepared.$client as unknown as { query: (...args: unknown[]) => unknown };
    const send = pool.query.bind(pool);
    pool.query = (config, ...rest) => {
      const c = config as { name?: string; text?: string };
      if (typeof c === 'object' && c.text) sent.push({ name: c.name, text: c.text });
      return send(config, ...rest);
    };
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const listed = async (filter: PeopleFilter, order = newestFirst) => {
    const directory = new Directory(handle.db as never, handle.prepared as never);
    const { rows, total, banned } = await directory.page(filter, order, page);
    return { ids: rows.map((r) => r.id), total, banned };
  };

  it('when the list is read in one shape with different values, then each answer is its own and one named statement per shape is sent', async () => {
    sent.length = 0;
    expect(await listed({})).toEqual({ ids: [6, 5, 4, 3, 2, 1], total: 6, banned: 2 });
    expect(await listed({ role: 'admin' })).toEqual({ ids: [2, 1], total: 2, banned: 0 });
    expect(await listed({ role: 'user' })).toEqual({ ids: [6, 5, 4], total: 3, banned: 1 });
    expect(await listed({ search: 'GOLFER' })).toEqual({ ids: [5, 4], total: 2, banned: 1 });
    expect(await listed({ search: ' mo_ ' })).toEqual({ ids: [3], total: 1, banned: 1 });
    expect(await listed({ search: '%' })).toEqual({ ids: [], total: 0, banned: 0 });
    expect(await listed({ search: 'g', role: 'coach' })).toEqual({ ids: [], total: 0, banned: 0 });
    expect(await listed({ search: 'o', role: 'coach' })).toEqual({ ids: [6], total: 1, banned: 0 });
    expect((await listed({}, { sortBy: 'email', direction: 'asc' })).ids).toEqual([1, 6, 5, 4, 3, 2]);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((s) => s.name?.startsWith('admin_people_'))).toBe(true);
    // Five page shapes, each one statement text whatever the values; only the two empty pages
    // (a search, a search with a role) counted on their own.
    const texts = new Map(sent.map((s) => [s.name, s.text]));
    for (const s of sent) expect(s.text).toBe(texts.get(s.name));
    expect([...texts.keys()].filter((n) => n?.startsWith('admin_people_page_')).length).toBe(5);
    expect([...texts.keys()].filter((n) => n?.startsWith('admin_people_count_')).length).toBe(2);
  });

  it('when a page has people on it, then the page and its counts come in one statement', async () => {
    sent.length = 0;
    expect(await listed({ role: 'user' }, { sortBy: 'role', direction: 'desc' })).toEqual({
      ids: [5, 4, 6],
      total: 3,
      banned: 1,
    });
    expect(await listed({ search: 'golfer' }, { sortBy: 'email', direction: 'asc' })).toEqual({
      ids: [5, 4],
      total: 2,
      banned: 1,
    });
    expect(sent.map((s) => s.name)).toEqual([
      'admin_people_page_r_role_desc',
      'admin_people_page_s_email_asc',
    ]);
  });

  it('when a page lies past the last person, then the counts are still every match', async () => {
    const directory = new Directory(handle.db as never, handle.prepared as never);
    const beyond = await directory.page({ role: 'user' }, newestFirst, { limit: 2, offset: 4 });
    expect(beyond).toEqual({ rows: [], total: 3, banned: 1 });
  });

  it('when a page is read, then its instants come as the API writes them (UTC, milliseconds cut as a Date cuts them), never parsed', async () => {
    await handle.pool.query(
      `update directory_users set created_at = '2026-03-04 05:06:07.891999+10', last_login_at = '2026-12-31 23:59:59.9999+00',
         membership_ends_at = null where id = 4`,
    );
    const directory = new Directory(handle.db as never, handle.prepared as never);
    const { rows } = await directory.page({ search: 'gus' }, newestFirst, page);
    expect(
      rows.map(({ createdAt, lastLoginAt, membershipEndsAt }) => ({
        createdAt,
        lastLoginAt,
        membershipEndsAt,
      })),
    ).toEqual([
      {
        createdAt: '2026-03-03T19:06:07.891Z',
        lastLoginAt: '2026-12-31T23:59:59.999Z',
        membershipEndsAt: null,
      },
    ]);
    // What a Date read from the same column would write.
    const [stored] = await handle.db
      .select()
      .from(schema.directoryUsers)
      .where(eq(schema.directoryUsers.id, 4));
    expect(rows[0]!.createdAt).toBe(stored!.createdAt.toISOString());
    expect(rows[0]!.lastLoginAt).toBe(stored!.lastLoginAt!.toISOString());
  });
});
