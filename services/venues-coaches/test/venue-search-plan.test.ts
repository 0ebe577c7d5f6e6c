import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryFilters, venueDirectoryQuery, venueSearchTermsQuery } from '../src';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

const VENUES = 3_000;

describe('venues-coaches: the directory search over a few thousand venues', () => {
  let vc: VenuesCoachesUnderTest;

  const plan = async (filters: Parameters<typeof venueDirectoryQuery>[0]) => {
    const { text, values } = venueDirectoryQuery(filters, { limit: 12, offset: 0 });
    const result = await vc.pool.query(`explain ${text}`, values);
    return result.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
  };
  /** How many terms a search asks the index for ('eastern ridge', 'eastrn ridge':*, …). */
  const termsOf = async (search: string) => {
    const { text, values } = venueSearchTermsQuery(search);
    const [row] = (await vc.pool.query(text, values)).rows;
    return (row.terms as string).match(/'[^']*'/g)?.length ?? 0;
  };

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    // Written in bulk, as a seed or the bench would, and not vacuumed: the indexes must serve at once.
    await vc.pool.query(
      `insert into venues (slug, name, suburb, city, state, venue_type, club_amenities)
       select 'bulk-' || g,
         (array['Eastern', 'Western', 'Lakes', 'Heath', 'Ocean', 'Pine', 'Valley', 'Creek'])[1 + g % 8] || ' ' ||
           (array['Ridge', 'Park', 'Downs', 'Shores', 'Hills', 'Bay', 'Grove', 'Point', 'Springs'])[1 + (g / 8) % 9] ||
           ' ' || g || ' Golf Club',
         'Suburb ' || (g % 300),
         (array['Melbourne', 'Sydney', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Canberra', 'Darwin'])[1 + g % 8],
         (array['VIC', 'NSW', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'])[1 + g % 8],
         case when g % 3 = 0 then '{golf_course,driving_range}'::text[] else '{golf_course}'::text[] end,
         case when g % 5 = 0 then '{bar,restaurant}'::text[] else '{}'::text[] end
       from generate_series(1, $1::int) g`,
      [VENUES],
    );
    await vc.importVenue({
      name: 'Royal Melbourne Golf Club',
      suburb: 'Black Rock',
      city: 'Melbourne',
      state: 'VIC',
    });
    await vc.pool.query('analyze venues');
  });

  afterAll(() => vc?.close());

  it('when a typo is searched, then the plan reads the word index over listed venues', async () => {
    expect(await plan({ search: 'royal melborne' })).toContain('venues_listed_search_words_idx');
    expect(await plan({ search: 'eastrn ridge' })).toContain('venues_listed_search_words_idx');
    expect(await plan({ search: 'eastrn ridge', state: 'VIC', venueType: 'driving_range' })).toContain(
      'venues_listed_search_words_idx',
    );
  });

  it('when a typo is searched among thousands, then the venue is found first and the count is of matches only', async () => {
    const res = await vc.get('/venues?search=royal%20melborne');
    const body = res.json();
    expect(body.venues[0].name).toBe('Royal Melbourne Golf Club');
    expect(body.count).toBeLessThan(VENUES / 10);
    const filtered = (
      await vc.get('/venues?search=royal%20melborne&state=VIC&venue_type=golf_course')
    ).json();
    expect(filtered.venues[0].name).toBe('Royal Melbourne Golf Club');
  });

  it('when a search has many short words, then it asks for about one term a word, not 21 × 21 a pair', async () => {
    // Every digit starts hundreds of the venues' numbers: unbounded, these asked for 10 × 21 × 21 + 21.
    const words = '1 2 3 4 5 6 7 8 9 1 2';
    expect(await termsOf(words)).toBeLessThanOrEqual(2 * words.split(' ').length);
    expect(await termsOf('b c d g h m p r s t w')).toBeLessThanOrEqual(22);
    const res = await vc.get(`/venues?search=${encodeURIComponent(words)}`);
    expect(res.json()).toEqual({ venues: [], count: 0 });
  });

  it('when a search has many words with many typos each, then its terms stay within the cap and it still finds the venue', async () => {
    // '1234' is a typo of scores of the venues' numbers (1235, 1134…): unbounded, 4 × 21 × 21 + 21.
    const terms = await termsOf('1234 1234 1234 1234 1234');
    expect(terms).toBeLessThanOrEqual(21 * 21 + 21);
    expect(terms).toBeGreaterThan((21 * 21) / 2);
    expect(await termsOf('royal melborne')).toBeGreaterThan(0);
    const found = (
      await vc.get(`/venues?search=${encodeURIComponent('eastrn park 8 golf clb suburb 8 melbourne vic')}`)
    ).json();
    expect(found.venues.map((v: { name: string }) => v.name)).toEqual(['Eastern Park 8 Golf Club']);
  });

  it('when a search has dozens of words, then the planner prices it as small as it is (no JIT compile)', async () => {
    // Priced at 1,000 candidates a word, 46 words cost millions: JIT spent 600 ms on 1 ms of work.
    const search = Array.from({ length: 23 }, () => 'b c').join(' ');
    const { text, values } = venueDirectoryQuery({ search }, { limit: 12, offset: 0 });
    const [row] = (await vc.pool.query(`explain (format json) ${text}`, values)).rows;
    const estimate = row['QUERY PLAN'][0].Plan['Total Cost'] as number;
    const { rows } = await vc.pool.query(`select current_setting('jit_above_cost')::float as jit`);
    expect(estimate).toBeLessThan(rows[0].jit);
  });

  it('when the directory is paged without a search, then the page is read in name order from the listed index', async () => {
    expect(await plan({})).toContain('venues_listed_name_idx');
    expect(await plan({ state: 'VIC' })).toContain('venues_listed_state_idx');
    const page = (await vc.get('/venues?limit=12&offset=24')).json();
    expect(page.count).toBe(VENUES + 1);
    const names = page.venues.map((v: { name: string }) => v.name);
    expect(names).toEqual([...names].sort());
  });

  it('when the directory statement is run directly, then it answers what GET /venues answers', async () => {
    const query = { search: 'eastrn ridge', state: 'VIC', venue_type: 'driving_range' } as const;
    const api = (
      await vc.get('/venues?search=eastrn%20ridge&state=VIC&venue_type=driving_range&limit=12')
    ).json();
    const { text, values } = venueDirectoryQuery(directoryFilters(query), { limit: 12, offset: 0 });
    const { rows } = await vc.pool.query(text, values);
    expect(api.venues.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual(api.venues.map((v: { id: number }) => v.id));
  });
});
