import type { ImportVenueBody, VenueListItem } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/**
 * The directory's search, word by word: each word of a search must start, or be a small typo of, a
 * word of a listed venue's name, suburb, city or state, and a search's words must be next to each
 * other there, in the order typed.
 */
describe('venues-coaches: the directory search, word by word', () => {
  let vc: VenuesCoachesUnderTest;

  const directory = async (search: string, more = '') => {
    const res = await vc.get(`/venues?search=${encodeURIComponent(search)}${more}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { venues: VenueListItem[]; count: number };
  };
  const names = async (search: string) => (await directory(search)).venues.map((v) => v.name);
  const nothing = { venues: [], count: 0 };

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    const venues: Array<Partial<ImportVenueBody> & { name: string }> = [
      { name: 'Royal Melbourne Golf Club', suburb: 'Black Rock', city: 'Melbourne', state: 'VIC' },
      { name: 'Royal Sydney Golf Club', suburb: 'Rose Bay', city: 'Sydney', state: 'NSW' },
      { name: 'The Lakes Golf Club', suburb: 'Eastlakes', city: 'Sydney', state: 'NSW' },
      { name: 'Kingston Heath Golf Club', suburb: 'Heatherton', city: 'Melbourne', state: 'VIC' },
      { name: 'Château Côte Mini Golf', suburb: 'Cottesloe', city: 'Perth', state: 'WA' },
      { name: 'Moonah Links', suburb: 'Fingal', city: 'Mornington Peninsula', state: 'VIC' },
      { name: 'Royal Park Golf Club', suburb: 'Parkville', city: 'Melbourne', state: 'VIC' },
      { name: 'St Kilda Mini Golf', suburb: 'St Kilda', state: 'VIC' },
      { name: 'Stanley Kilda Golf Links', suburb: 'Stanley', city: 'Hobart', state: 'TAS' },
    ];
    for (const venue of venues) await vc.importVenue(venue);
  });

  afterAll(() => vc?.close());

  it('when adjacent words are searched with a typo in either, then the venue is found', async () => {
    expect(await names('royal melborne')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('royl melbourne')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('kingston heath golf clb')).toEqual(['Kingston Heath Golf Club']);
    expect(await names('lakes golf clb')).toEqual(['The Lakes Golf Club']);
  });

  it('when a word of one or two letters comes before the last, then it stands only for itself', async () => {
    // 'st' is St, not the start of Stanley; 'ro' before the last word no longer starts 'royal'.
    expect(await names('st kilda')).toEqual(['St Kilda Mini Golf']);
    expect(await names('stanley kilda')).toEqual(['Stanley Kilda Golf Links']);
    expect(await directory('ro melbourne')).toEqual(nothing);
    expect(await names('roy melbourne')).toEqual(['Royal Melbourne Golf Club']);
    // The last word, however short, is still a start.
    expect(await names('royal m')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('st k')).toEqual(['St Kilda Mini Golf']);
  });

  it('when the words are in a venue but not next to each other, then it is not found', async () => {
    // Royal Park Golf Club is in Melbourne: 'royal' and 'melbourne' are both its words, not adjacent.
    expect(await names('royal melbourne')).toEqual(['Royal Melbourne Golf Club']);
    expect(await directory('royal club')).toEqual(nothing);
    expect(await directory('links vic')).toEqual(nothing);
  });

  it('when adjacent words are searched in the other order, then the venue is not found', async () => {
    expect(await directory('melbourne royal')).toEqual(nothing);
    expect(await directory('club golf')).toEqual(nothing);
  });

  it('when a word is the start of a venue word, then venues with it are found', async () => {
    expect(await names('lake')).toEqual(['The Lakes Golf Club']);
    expect(await names('melb')).toEqual([
      'Kingston Heath Golf Club',
      'Royal Melbourne Golf Club',
      'Royal Park Golf Club',
    ]);
    expect(await names('royal melb')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('royal m')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('roy melbourne')).toEqual(['Royal Melbourne Golf Club']);
  });

  it('when adjacent words run from the name into the suburb, city or state, then venues there are found', async () => {
    expect(await names('eastlakes')).toEqual(['The Lakes Golf Club']);
    expect(await names('mornington peninsula')).toEqual(['Moonah Links']);
    expect(await names('links fingal')).toEqual(['Moonah Links']);
    expect(await names('club rose bay')).toEqual(['Royal Sydney Golf Club']);
    expect((await names('sydney nsw')).sort()).toEqual(['Royal Sydney Golf Club', 'The Lakes Golf Club']);
  });

  it('when the search changes case, leaves out accents or adds punctuation, then it finds the same', async () => {
    expect(await names('CHATEAU cote')).toEqual(['Château Côte Mini Golf']);
    expect(await names('côte')).toEqual(['Château Côte Mini Golf']);
    expect(await names('Royal, Melbourne!')).toEqual(['Royal Melbourne Golf Club']);
  });

  it('when one word of the search matches no venue, then nothing is found', async () => {
    expect(await directory('royal zanzibar')).toEqual(nothing);
    expect(await directory('zanzibar golf club')).toEqual(nothing);
    expect(await directory('qqqq')).toEqual(nothing);
    expect(await directory('?!')).toEqual(nothing);
  });

  it('when a venue is renamed or moved, then its new words are found and its old ones no longer find it', async () => {
    const { id } = await vc.importVenue({ name: 'Wattle Park Golf Course', city: 'Melbourne', state: 'VIC' });
    expect(await names('wattle park')).toEqual(['Wattle Park Golf Course']);
    await vc.modules().venues.change(id, { name: 'Yarrambat Park Golf Course', suburb: 'Plenty' }, {});
    expect(await names('yarrambat')).toEqual(['Yarrambat Park Golf Course']);
    expect(await names('yarambat park')).toEqual(['Yarrambat Park Golf Course']);
    expect(await names('course plenty')).toEqual(['Yarrambat Park Golf Course']);
    expect(await directory('wattle')).toEqual(nothing);
    expect(await directory('wattle park')).toEqual(nothing);
  });

  it('when a submitted venue is approved, then its words are found', async () => {
    const someone = await vc.signedIn();
    const submitted = await vc.post(
      '/venues/user-created',
      { name: 'Barwon Heads Golf Club', city: 'Barwon Heads', state: 'VIC' },
      someone.token,
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(await directory('barwon')).toEqual(nothing);
    await vc.modules().venues.change(submitted.json().venue.id, { reviewStatus: 'approved' }, {});
    expect(await names('barwon heds')).toEqual(['Barwon Heads Golf Club']);
  });

  it('when a search matches several venues, then the count is the number of matches', async () => {
    const all = await directory('golf', '&limit=100');
    expect(all.count).toBe(all.venues.length);
    expect(all.count).toBeGreaterThanOrEqual(7);
    const paged = await directory('golf clb', '&limit=2');
    expect(paged.venues).toHaveLength(2);
    const everyMatch = await directory('golf clb', '&limit=100');
    expect(paged.count).toBe(everyMatch.venues.length);
    // Only venues with 'golf club' in their name (other tests add more): not Château Côte Mini Golf, say.
    const matched = everyMatch.venues.map((v) => v.name);
    expect(matched.every((name) => name.includes('Golf Club'))).toBe(true);
    expect(matched).toEqual(
      expect.arrayContaining(['Kingston Heath Golf Club', 'Royal Park Golf Club', 'The Lakes Golf Club']),
    );
  });
});
