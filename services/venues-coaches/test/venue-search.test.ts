import type { ImportVenueBody, VenueListItem } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/**
 * The directory's search, word by word: each word of a search must start, or be a small typo of, a
 * word of a listed venue's name, suburb, city or state.
 */
describe('venues-coaches: the directory search, word by word', () => {
  let vc: VenuesCoachesUnderTest;

  const directory = async (search: string, more = '') => {
    const res = await vc.get(`/venues?search=${encodeURIComponent(search)}${more}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { venues: VenueListItem[]; count: number };
  };
  const names = async (search: string) => (await directory(search)).venues.map((v) => v.name);

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    const venues: Array<Partial<ImportVenueBody> & { name: string }> = [
      { name: 'Royal Melbourne Golf Club', suburb: 'Black Rock', city: 'Melbourne', state: 'VIC' },
      { name: 'Royal Sydney Golf Club', suburb: 'Rose Bay', city: 'Sydney', state: 'NSW' },
      { name: 'The Lakes Golf Club', suburb: 'Eastlakes', city: 'Sydney', state: 'NSW' },
      { name: 'Kingston Heath Golf Club', suburb: 'Heatherton', city: 'Melbourne', state: 'VIC' },
      { name: 'Château Côte Mini Golf', suburb: 'Cottesloe', city: 'Perth', state: 'WA' },
      { name: 'Moonah Links', suburb: 'Fingal', city: 'Mornington Peninsula', state: 'VIC' },
    ];
    for (const venue of venues) await vc.importVenue(venue);
  });

  afterAll(() => vc?.close());

  it('when a word of the name has a typo, then the venue is still found, closest first', async () => {
    expect((await names('royal melborne'))[0]).toBe('Royal Melbourne Golf Club');
    expect((await names('royl melbourne'))[0]).toBe('Royal Melbourne Golf Club');
    expect(await names('kingston heath golf clb')).toEqual(['Kingston Heath Golf Club']);
  });

  it('when a word is the start of a venue word, then venues with it are found', async () => {
    expect(await names('lake')).toEqual(['The Lakes Golf Club']);
    expect(await names('melb')).toEqual(['Kingston Heath Golf Club', 'Royal Melbourne Golf Club']);
    expect(await names('royal melb')).toEqual(['Royal Melbourne Golf Club']);
  });

  it('when words come from the suburb, the city or the state, then venues there are found', async () => {
    expect(await names('eastlakes')).toEqual(['The Lakes Golf Club']);
    expect(await names('mornington peninsula')).toEqual(['Moonah Links']);
    expect(await names('links vic')).toEqual(['Moonah Links']);
    expect((await names('golf sydney')).sort()).toEqual(['Royal Sydney Golf Club', 'The Lakes Golf Club']);
  });

  it('when the search changes case, leaves out accents or adds punctuation, then it finds the same', async () => {
    expect(await names('CHATEAU cote')).toEqual(['Château Côte Mini Golf']);
    expect(await names('côte')).toEqual(['Château Côte Mini Golf']);
    expect(await names('Royal, Melbourne!')).toEqual(['Royal Melbourne Golf Club']);
  });

  it('when one word of the search matches no venue, then nothing is found', async () => {
    expect(await directory('royal zanzibar')).toEqual({ venues: [], count: 0 });
    expect(await directory('qqqq')).toEqual({ venues: [], count: 0 });
    expect(await directory('?!')).toEqual({ venues: [], count: 0 });
  });

  it('when a venue is renamed or moved, then its new words are found and its old ones no longer find it', async () => {
    const { id } = await vc.importVenue({ name: 'Wattle Park Golf Course', city: 'Melbourne', state: 'VIC' });
    expect(await names('wattle')).toEqual(['Wattle Park Golf Course']);
    await vc.modules().venues.change(id, { name: 'Yarrambat Park Golf Course', suburb: 'Plenty' }, {});
    expect(await names('yarrambat')).toEqual(['Yarrambat Park Golf Course']);
    expect(await names('yarambat plenty')).toEqual(['Yarrambat Park Golf Course']);
    expect(await directory('wattle')).toEqual({ venues: [], count: 0 });
  });

  it('when a submitted venue is approved, then its words are found', async () => {
    const someone = await vc.signedIn();
    const submitted = await vc.post(
      '/venues/user-created',
      { name: 'Barwon Heads Golf Club', city: 'Barwon Heads', state: 'VIC' },
      someone.token,
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(await directory('barwon')).toEqual({ venues: [], count: 0 });
    await vc.modules().venues.change(submitted.json().venue.id, { reviewStatus: 'approved' }, {});
    expect(await names('barwon heds')).toEqual(['Barwon Heads Golf Club']);
  });

  it('when a search matches several venues, then the count is the number of matches', async () => {
    const all = await directory('golf', '&limit=100');
    expect(all.count).toBe(all.venues.length);
    expect(all.count).toBeGreaterThanOrEqual(6);
    const paged = await directory('golf clb', '&limit=2');
    expect(paged.venues).toHaveLength(2);
    expect(paged.count).toBe((await directory('golf clb', '&limit=100')).venues.length);
  });
});
