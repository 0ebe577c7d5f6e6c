import type { VenueListItem } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/** More listed venues than `ListTotals` counts exactly (1,000), so the directory's total is the kept one. */
const MANY = 1_200;
/** Of them, the ones in Tasmania: a filter short enough to be counted exactly every time. */
const IN_TAS = 30;

describe('venues-coaches: the venue directory total as the directory grows', () => {
  let vc: VenuesCoachesUnderTest;

  const count = async (query: string) => {
    const res = await vc.get(`/venues?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { venues: VenueListItem[]; count: number }).count;
  };

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    await vc.pool.query(
      `insert into venues (name, slug, state)
       select 'Bulk Golf Club ' || g, 'bulk-' || g, case when g <= $2 then 'TAS' else 'VIC' end
       from generate_series(1, $1::int) g`,
      [MANY, IN_TAS],
    );
  });

  afterAll(() => vc?.close());

  it('when the directory is longer than is counted exactly, then the first page carries its full total', async () => {
    expect(await count('limit=12')).toBe(MANY);
    expect(await count('limit=12&offset=600')).toBe(MANY);
  });

  it('when venues are listed, delisted and deleted here, then the next total says so at once', async () => {
    expect(await count('limit=12')).toBe(MANY);
    const admin = await vc.signedIn('admin');
    const edit = async (method: 'PUT' | 'DELETE', id: number, body?: object) => {
      const res = await vc.send(method, `/admin/venues/${id}`, admin.token, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    const added = await vc.importVenue({ name: 'Newly Listed Golf Club', state: 'VIC' });
    expect(await count('limit=12')).toBe(MANY + 1);
    await edit('PUT', added.id, { is_active: false });
    expect(await count('limit=12')).toBe(MANY);
    await edit('PUT', added.id, { is_active: true });
    expect(await count('limit=12')).toBe(MANY + 1);
    await edit('DELETE', added.id);
    expect(await count('limit=12')).toBe(MANY);
  });

  it('when a filter or search matches few venues, then its total is exact, even just after a change', async () => {
    expect(await count(`state=TAS&limit=5`)).toBe(IN_TAS);
    // A page long enough to hold every match proves the total; a short one must say the same.
    const search = `search=${encodeURIComponent('bulk golf club 1')}&state=TAS`;
    const all = await count(`${search}&limit=100`);
    expect(all).toBeGreaterThan(2);
    expect(all).toBeLessThan(100);
    expect(await count(`${search}&limit=2`)).toBe(all);
    // Written straight to the table, as another process of the service would: short lists never lag.
    await vc.pool.query(
      `insert into venues (name, slug, state) values ('Straight In Golf Club', 'straight-in', 'TAS')`,
    );
    expect(await count(`state=TAS&limit=5`)).toBe(IN_TAS + 1);
    await vc.pool.query(`delete from venues where slug = 'straight-in'`);
    expect(await count(`state=TAS&limit=5`)).toBe(IN_TAS);
  });
});
