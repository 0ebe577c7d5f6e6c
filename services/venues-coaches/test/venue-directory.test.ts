import type { ImportVenueBody, VenueListItem } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/**
 * The directory's venues: eight listed, and three that are not (inactive, rejected, pending), each
 * of those with states, types, amenities and regions no listed venue has.
 */
const LISTED: Array<Partial<ImportVenueBody> & { name: string }> = [
  {
    name: 'Royal Melbourne Golf Club',
    suburb: 'Black Rock',
    city: 'Melbourne',
    state: 'VIC',
    region: 'Bayside',
    venue_type: ['golf_course'],
    course_amenities: ['driving_range', 'putting_green'],
    club_amenities: ['restaurant', 'bar', 'pro_shop'],
  },
  {
    name: 'Kingston Heath Golf Club',
    suburb: 'Heatherton',
    city: 'Melbourne',
    state: 'VIC',
    region: 'Bayside',
    venue_type: ['golf_course', 'driving_range'],
    course_amenities: ['putting_green', 'chipping_area'],
    club_amenities: ['bar', 'parking'],
  },
  {
    name: 'Royal Sydney Golf Club',
    suburb: 'Rose Bay',
    city: 'Sydney',
    state: 'NSW',
    region: 'Eastern Suburbs',
    venue_type: ['golf_course'],
    course_amenities: ['golf_lessons'],
    club_amenities: ['restaurant', 'wifi'],
  },
  {
    name: 'Château Côte Mini Golf',
    suburb: 'Cottesloe',
    city: 'Perth',
    state: 'WA',
    region: 'Perth Metro',
    venue_type: ['mini_golf'],
    club_amenities: ['parking'],
  },
  {
    name: 'Topgolf Gold Coast',
    suburb: 'Helensvale',
    city: 'Gold Coast',
    state: 'QLD',
    region: 'Gold Coast',
    venue_type: ['driving_range', 'indoor_facility'],
    course_amenities: ['golf_simulator'],
    club_amenities: ['bar', 'restaurant', 'event_facilities'],
  },
  {
    name: 'Barnbougle Dunes',
    suburb: 'Bridport',
    state: 'TAS',
    region: 'North East',
    venue_type: ['golf_course'],
    club_amenities: ['restaurant', 'locker_room'],
  },
  { name: 'Sandy Links Golf Course', suburb: 'Semaphore', city: 'Adelaide', state: 'SA' },
  { name: 'Sandringham Golf Links', suburb: 'Sandringham', city: 'Melbourne', state: 'VIC' },
];

const BY_NAME = LISTED.map((v) => v.name).sort();

describe('venues-coaches: the venue directory', () => {
  let vc: VenuesCoachesUnderTest;

  const directory = async (query = '') => {
    const res = await vc.get(`/venues${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { venues: VenueListItem[]; count: number };
  };
  const names = async (query = '') => (await directory(query)).venues.map((v) => v.name);

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    for (const venue of LISTED) await vc.importVenue(venue);
    await vc.importVenue({
      name: 'Royal Hobart Golf Club',
      city: 'Hobart',
      state: 'TAS',
      region: 'Hobart South',
      venue_type: ['practice_nets'],
      course_amenities: ['club_fitting'],
      is_active: false,
    });
    const darwin = await vc.importVenue({
      name: 'Royal Darwin Golf Club',
      city: 'Darwin',
      state: 'NT',
      region: 'Top End',
      venue_type: ['pitch_and_putt'],
      course_amenities: ['practice_bunker'],
      club_amenities: ['conference_room'],
    });
    await vc.modules().venues.change(darwin.id, { reviewStatus: 'rejected' }, {});
    const someone = await vc.signedIn();
    const submitted = await vc.post(
      '/venues/user-created',
      { name: 'Royal Canberra Golf Club', city: 'Canberra', state: 'ACT' },
      someone.token,
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
  });

  afterAll(() => vc?.close());

  it('when nothing is asked, then every listed venue comes by name, with the count, and no unlisted one', async () => {
    const page = await directory();
    expect(page.venues.map((v) => v.name)).toEqual(BY_NAME);
    expect(page.count).toBe(8);
    const royalMelbourne = page.venues.find((v) => v.name === 'Royal Melbourne Golf Club')!;
    expect(royalMelbourne).toMatchObject({
      slug: 'royal-melbourne-golf-club',
      suburb: 'Black Rock',
      city: 'Melbourne',
      state: 'VIC',
      region: 'Bayside',
      venue_type: ['golf_course'],
      is_verified: false,
      gallery_count: 0,
    });
  });

  it('when a filter is an empty string, then it filters nothing', async () => {
    expect(
      await names('search=&city=&region=&state=&venue_type=&course_amenity=&club_amenity=&limit=12'),
    ).toEqual(BY_NAME);
  });

  it('when each filter is set alone, then only venues with that value come', async () => {
    expect(await names('state=VIC')).toEqual([
      'Kingston Heath Golf Club',
      'Royal Melbourne Golf Club',
      'Sandringham Golf Links',
    ]);
    expect(await names('state=TAS')).toEqual(['Barnbougle Dunes']);
    expect(await names('venue_type=driving_range')).toEqual([
      'Kingston Heath Golf Club',
      'Topgolf Gold Coast',
    ]);
    expect(await names('course_amenity=putting_green')).toEqual([
      'Kingston Heath Golf Club',
      'Royal Melbourne Golf Club',
    ]);
    expect(await names('club_amenity=restaurant')).toEqual([
      'Barnbougle Dunes',
      'Royal Melbourne Golf Club',
      'Royal Sydney Golf Club',
      'Topgolf Gold Coast',
    ]);
  });

  it('when region or city is given in another case, then it still matches exactly', async () => {
    expect(await names('region=bAYSIDE')).toEqual(['Kingston Heath Golf Club', 'Royal Melbourne Golf Club']);
    expect(await names('city=MELBOURNE')).toEqual([
      'Kingston Heath Golf Club',
      'Royal Melbourne Golf Club',
      'Sandringham Golf Links',
    ]);
    expect(await names('city=Melb')).toEqual([]);
    expect(await names('region=%20Gold%20Coast%20')).toEqual(['Topgolf Gold Coast']);
  });

  it('when filters are combined, then a venue must match every one', async () => {
    expect(await names('state=VIC&venue_type=driving_range')).toEqual(['Kingston Heath Golf Club']);
    expect(await names('state=VIC&course_amenity=putting_green&club_amenity=pro_shop')).toEqual([
      'Royal Melbourne Golf Club',
    ]);
    expect(await names('search=royal&state=NSW')).toEqual(['Royal Sydney Golf Club']);
    expect(await names('region=Bayside&club_amenity=parking&city=melbourne')).toEqual([
      'Kingston Heath Golf Club',
    ]);
    const none = await directory('state=QLD&venue_type=golf_course');
    expect(none).toEqual({ venues: [], count: 0 });
  });

  it('when a value only unlisted venues have is asked, then nothing comes', async () => {
    for (const query of [
      'state=ACT',
      'state=NT',
      'venue_type=practice_nets',
      'venue_type=pitch_and_putt',
      'course_amenity=club_fitting',
      'club_amenity=conference_room',
      'region=Top%20End',
      'search=canberra',
      'search=hobart',
      'search=darwin',
    ])
      expect(await directory(query), query).toEqual({ venues: [], count: 0 });
  });

  it('when the search has a typo, then the venue is still found ("royal melborne")', async () => {
    expect((await names('search=royal%20melborne'))[0]).toBe('Royal Melbourne Golf Club');
    expect((await names('search=kingston%20heeth'))[0]).toBe('Kingston Heath Golf Club');
  });

  it('when the search leaves out accents or changes case, then it still finds the venue', async () => {
    expect(await names('search=Cote')).toEqual(['Château Côte Mini Golf']);
    expect(await names('search=chateau%20cote')).toEqual(['Château Côte Mini Golf']);
    expect(await names('search=CH%C3%82TEAU')).toEqual(['Château Côte Mini Golf']);
    expect(await names('search=ROYAL')).toEqual(['Royal Melbourne Golf Club', 'Royal Sydney Golf Club']);
  });

  it('when the search names a suburb, a city or a state, then venues there are found', async () => {
    expect(await names('search=black%20rock')).toEqual(['Royal Melbourne Golf Club']);
    expect(await names('search=helensvale')).toEqual(['Topgolf Gold Coast']);
    expect(await names('search=tas')).toEqual(['Barnbougle Dunes']);
  });

  it('when several venues match, then the closest comes first, not the first by name', async () => {
    // "Sandringham Golf Links" sorts before "Sandy Links Golf Course" by name, but is the weaker match.
    expect(await names('search=sandy')).toEqual(['Sandy Links Golf Course', 'Sandringham Golf Links']);
  });

  it('when the search holds no letter or digit (LIKE wildcards, say), then nothing is found', async () => {
    expect(await directory('search=%25')).toEqual({ venues: [], count: 0 });
    expect(await directory('search=_')).toEqual({ venues: [], count: 0 });
  });

  it('when the list is paged, then the count stays the total and pages follow the order', async () => {
    const second = await directory('limit=3&offset=3');
    expect(second.venues.map((v) => v.name)).toEqual(BY_NAME.slice(3, 6));
    expect(second.count).toBe(8);
    expect(await directory('limit=3&offset=100')).toEqual({ venues: [], count: 8 });
    const searched = await directory('search=royal&limit=1&offset=1');
    expect(searched.venues.map((v) => v.name)).toEqual(['Royal Sydney Golf Club']);
    expect(searched.count).toBe(2);
  });

  it('when a venue has a gallery, then its card says how many items', async () => {
    const [venue] = (await directory('search=barnbougle')).venues;
    await vc.addGallery(venue!.id, [
      { url: '/uploads/venues/a.webp', position: 0 },
      { url: '/uploads/venues/b.mp4', position: 1, video: true },
    ]);
    expect((await directory('search=barnbougle')).venues[0]!.gallery_count).toBe(2);
  });

  it('when a filter value is unknown or a page bound is out of range, then 400', async () => {
    for (const query of [
      'state=XX',
      'state=vic',
      'venue_type=spaceship',
      'course_amenity=bar',
      'club_amenity=putting_green',
      'limit=0',
      'limit=-1',
      'limit=100000',
      'limit=ten',
      'offset=-1',
      `search=${'a'.repeat(101)}`,
      'search=%00',
    ]) {
      const res = await vc.get(`/venues?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
    expect((await vc.get('/venues?limit=100')).statusCode).toBe(200);
  });

  describe('the filter lists', () => {
    it('when asked, then only values some listed venue has come, in the spec order, with labels', async () => {
      expect((await vc.get('/venues/regions')).json()).toEqual({
        regions: ['Bayside', 'Eastern Suburbs', 'Gold Coast', 'North East', 'Perth Metro'],
      });
      expect((await vc.get('/venues/states')).json()).toEqual({
        states: ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS'],
      });
      expect((await vc.get('/venues/types')).json()).toEqual({
        types: [
          { value: 'golf_course', label: 'Golf Course' },
          { value: 'driving_range', label: 'Driving Range' },
          { value: 'indoor_facility', label: 'Indoor Facility' },
          { value: 'mini_golf', label: 'Mini Golf' },
        ],
      });
      expect((await vc.get('/venues/course-amenities')).json()).toEqual({
        amenities: [
          { value: 'driving_range', label: 'Driving Range' },
          { value: 'putting_green', label: 'Putting Green' },
          { value: 'chipping_area', label: 'Chipping Area' },
          { value: 'golf_lessons', label: 'Golf Lessons' },
          { value: 'golf_simulator', label: 'Golf Simulator' },
        ],
      });
      expect((await vc.get('/venues/club-amenities')).json()).toEqual({
        amenities: [
          { value: 'restaurant', label: 'Restaurant' },
          { value: 'bar', label: 'Bar' },
          { value: 'pro_shop', label: 'Pro Shop' },
          { value: 'locker_room', label: 'Locker Room' },
          { value: 'event_facilities', label: 'Event Facilities' },
          { value: 'parking', label: 'Parking' },
          { value: 'wifi', label: 'WiFi' },
        ],
      });
    });

    it('when asked, then the answer may be cached briefly', async () => {
      for (const list of ['regions', 'states', 'types', 'course-amenities', 'club-amenities']) {
        const res = await vc.get(`/venues/${list}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control'], list).toBe('public, max-age=60');
      }
    });
  });
});
