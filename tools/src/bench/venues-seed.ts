import { CLUB_AMENITIES, COURSE_AMENITIES, type VENUE_TYPES } from '@linksmate/proto';
import pg from 'pg';
import { DEMO_VENUES } from '../embedded/demo-venues/index';

/**
 * Real suburbs and towns by state and the city they belong to: the places the bench's venues are
 * named after and located in, so a search meets the names and repeated words a national directory has.
 */
const PLACES: Record<string, { city: string; places: string }> = {
  NSW: {
    city: 'Sydney',
    places:
      'Rosebery,La Perouse,Rose Bay,Eastlakes,Moore Park,North Bondi,Manly,Collaroy,Little Bay,Concord,Randwick,Coogee,Maroubra,Kensington,Mascot,Botany,Pagewood,Kogarah,Hurstville,Cronulla,Miranda,Sutherland,Parramatta,Ryde,Chatswood,Killara,Pymble,Hornsby,Pennant Hills,Castle Hill,Penrith,Liverpool,Camden,Campbelltown,Bankstown,Strathfield,Burwood,Leichhardt,Balmain,Mosman,Dee Why,Narrabeen,Avalon,Palm Beach,Terrey Hills,Elanora',
  },
  'NSW:regional': {
    city: '',
    places:
      'Newcastle,Wollongong,Gosford,Port Macquarie,Coffs Harbour,Tamworth,Dubbo,Orange,Bathurst,Wagga Wagga,Albury,Goulburn,Bowral,Nowra,Kiama,Byron Bay,Ballina,Lismore,Armidale,Mudgee,Broken Hill,Griffith,Forster,Tweed Heads',
  },
  VIC: {
    city: 'Melbourne',
    places:
      'Black Rock,Heatherton,Cheltenham,Oakleigh South,Fairfield,Albert Park,Frankston,Sandringham,Brighton,Elsternwick,Caulfield,Malvern,Kew,Hawthorn,Box Hill,Ringwood,Croydon,Eltham,Heidelberg,Bundoora,Keilor,Essendon,Sunshine,Werribee,Altona,Williamstown,Mentone,Mordialloc,Keysborough,Dandenong,Berwick,Cranbourne,Rosebud,Sorrento,Portsea,Mornington,Mount Martha,Dromana,Yering,Lilydale',
  },
  'VIC:regional': {
    city: '',
    places:
      'Geelong,Ballarat,Bendigo,Shepparton,Warrnambool,Mildura,Wodonga,Traralgon,Sale,Bairnsdale,Lakes Entrance,Torquay,Anglesea,Lorne,Ocean Grove,Barwon Heads,Portland,Horsham,Echuca,Swan Hill,Wangaratta,Yarrawonga,Castlemaine,Daylesford',
  },
  QLD: {
    city: 'Brisbane',
    places:
      'Eagle Farm,Yeerongpilly,Indooroopilly,Keperra,Ashgrove,Toowong,St Lucia,Carindale,Wynnum,Redcliffe,Nudgee,Virginia,Oxley,Sunnybank,Springwood,Victoria Point,Cleveland,Brookwater,Ipswich,Pine Rivers,Caboolture,Chermside',
  },
  'QLD:regional': {
    city: '',
    places:
      'Gold Coast,Sanctuary Cove,Hope Island,Benowa,Surfers Paradise,Coolangatta,Robina,Noosa Heads,Coolum,Caloundra,Maroochydore,Twin Waters,Toowoomba,Bundaberg,Hervey Bay,Rockhampton,Mackay,Airlie Beach,Townsville,Cairns,Port Douglas,Mount Isa,Emerald,Gympie,Warwick,Dalby',
  },
  SA: {
    city: 'Adelaide',
    places:
      'Seaton,Lockleys,Grange,Novar Gardens,North Adelaide,Mount Osmond,Glenelg,Brighton,Henley Beach,West Lakes,Semaphore,Blackwood,Belair,Stirling,Tea Tree Gully,Modbury,Salisbury,Elizabeth,Gawler,Marion,Noarlunga,Aldinga',
  },
  'SA:regional': {
    city: '',
    places:
      'Victor Harbor,Goolwa,Normanville,Murray Bridge,Mount Gambier,Naracoorte,Port Lincoln,Whyalla,Port Augusta,Port Pirie,Clare,Tanunda,Nuriootpa,Kadina,Moonta,Renmark,Berri,Loxton',
  },
  WA: {
    city: 'Perth',
    places:
      'South Perth,Karrinyup,Fremantle,Connolly,Wembley Downs,Como,Cottesloe,Nedlands,Mount Lawley,Maylands,Belmont,Gosnells,Armadale,Kalamunda,Joondalup,Wanneroo,Scarborough,Hillarys,Rockingham,Mandurah,Secret Harbour,Port Kennedy',
  },
  'WA:regional': {
    city: '',
    places:
      'Bunbury,Busselton,Dunsborough,Margaret River,Albany,Esperance,Kalgoorlie,Geraldton,Broome,Karratha,Port Hedland,Exmouth,Northam,York,Denmark,Collie',
  },
  TAS: {
    city: 'Hobart',
    places:
      'Seven Mile Beach,Kingston Beach,Sandy Bay,Rosny,Bellerive,Lindisfarne,Claremont,Glenorchy,Howrah,Cambridge',
  },
  'TAS:regional': {
    city: '',
    places:
      'Launceston,Devonport,Burnie,Ulverstone,Bridport,Scottsdale,St Helens,Swansea,Bothwell,Richmond,New Norfolk,Huonville,King Island,Flinders Island,Queenstown,Strahan',
  },
  ACT: {
    city: 'Canberra',
    places:
      'Yarralumla,Red Hill,Lyneham,Nicholls,Belconnen,Gungahlin,Woden,Tuggeranong,Weston Creek,Kambah,Pialligo,Narrabundah,Fyshwick,Queanbeyan',
  },
  NT: { city: 'Darwin', places: 'Marrara,The Gardens,Palmerston,Nightcliff,Fannie Bay,Casuarina,Humpty Doo' },
  'NT:regional': { city: '', places: 'Alice Springs,Katherine,Tennant Creek,Nhulunbuy,Jabiru,Yulara' },
};

/** Roughly where each state lies, for coordinates that put a venue on the right part of the map. */
const BOXES: Record<string, [number, number, number, number]> = {
  NSW: [-37.0, -28.5, 146.0, 153.5],
  VIC: [-38.8, -34.5, 141.5, 149.5],
  QLD: [-28.5, -16.0, 145.0, 153.5],
  SA: [-37.8, -32.0, 135.0, 140.5],
  WA: [-35.0, -20.0, 114.0, 122.0],
  TAS: [-43.5, -40.8, 145.0, 148.3],
  ACT: [-35.5, -35.15, 148.95, 149.25],
  NT: [-25.0, -12.0, 130.5, 136.5],
};

type Types = readonly (typeof VENUE_TYPES)[number][];
const COURSE: Types = ['golf_course'];
const COURSE_PRACTICE: Types = ['golf_course', 'practice_green', 'practice_chipping'];
const COURSE_RANGE: Types = ['golf_course', 'driving_range'];
/** How venues are named after their place, and the types each name implies; courses most often. */
const NAMES: Array<[(place: string) => string, Types]> = [
  [(p) => `${p} Golf Club`, COURSE],
  [(p) => `${p} Golf Course`, COURSE],
  [(p) => `${p} Country Club`, COURSE_PRACTICE],
  [(p) => `${p} Country Golf Club`, COURSE],
  [(p) => `${p} Golf Links`, COURSE],
  [(p) => `${p} Public Golf Course`, COURSE_RANGE],
  [(p) => `${p} Golf & Bowls Club`, COURSE],
  [(p) => `${p} Bowls & Golf Club`, COURSE],
  [(p) => `${p} RSL Golf Club`, COURSE],
  [(p) => `${p} Sports Club Golf Course`, COURSE],
  [(p) => `Royal ${p} Golf Club`, COURSE_PRACTICE],
  [(p) => `North ${p} Golf Club`, COURSE],
  [(p) => `South ${p} Golf Club`, COURSE],
  [(p) => `East ${p} Golf Club`, COURSE],
  [(p) => `West ${p} Golf Club`, COURSE],
  [(p) => `${p} Heath Golf Club`, COURSE],
  [(p) => `${p} Lakes Golf Club`, COURSE_RANGE],
  [(p) => `${p} Valley Golf Club`, COURSE],
  [(p) => `${p} Park Golf Course`, COURSE],
  [(p) => `${p} Beach Golf Club`, COURSE],
  [(p) => `${p} Hills Golf Club`, COURSE],
  [(p) => `${p} Golf Resort`, ['golf_course', 'practice_green', 'driving_range']],
  [(p) => `The ${p} Golf Club`, COURSE],
  [(p) => `${p} & District Golf Club`, COURSE],
  [(p) => `${p} Golf & Country Club`, COURSE_PRACTICE],
  [(p) => `${p} Memorial Golf Club`, COURSE],
  [(p) => `${p} Links`, COURSE],
  [(p) => `${p} Municipal Golf Course`, COURSE_RANGE],
  [(p) => `${p} Golf Academy`, ['driving_range', 'practice_nets', 'practice_chipping']],
  [(p) => `${p} Junior Golf Centre`, ['practice_green', 'practice_chipping']],
  [(p) => `${p} Sand Greens Golf Club`, COURSE],
  [(p) => `${p} Driving Range`, ['driving_range', 'practice_nets']],
  [(p) => `${p} Golf Centre`, ['driving_range', 'practice_green', 'practice_chipping']],
  [(p) => `${p} Golf Practice Centre`, ['practice_nets', 'practice_green']],
  [(p) => `${p} Mini Golf`, ['mini_golf']],
  [(p) => `${p} Adventure Golf`, ['mini_golf']],
  [(p) => `${p} Indoor Golf`, ['indoor_facility']],
  [(p) => `${p} Golf Simulators`, ['indoor_facility']],
  [(p) => `${p} Pitch & Putt`, ['pitch_and_putt']],
  [(p) => `${p} Par 3 Course`, ['pitch_and_putt']],
];

/** How many venues are named after the real places alone (the bench's 10,000 are; they hold about 12,500 names). */
const REAL_PLACES_UP_TO = 10_000;
const LOCALITY_SUFFIXES = [
  'Heights',
  'Vale',
  'Downs',
  'Creek',
  'Ridge',
  'Springs',
  'Point',
  'Grove',
  'Waters',
  'Plains',
  'Junction',
  'Meadows',
];

/** A small deterministic generator, so every bench run searches the same directory. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function subset<T>(rnd: () => number, values: readonly T[], share: number): T[] {
  return values.filter(() => rnd() < share);
}

/**
 * The directory the bench searches: `count` venues, the 63 real demo venues among them and the
 * rest named after real places (Royal, Heath, Lakes… so a typo search finds near misses as a real
 * one would), 97% active and 95% approved, with types and amenities spread as a national directory
 * has them; then `media` gallery rows spread over the venues. Written in bulk, then vacuumed and
 * analysed as autovacuum would have done by the time such a directory exists.
 */
export async function seedVenueDirectory(url: string, count: number, media: number): Promise<void> {
  const rnd = lcg(20_260_611);
  const places = Object.entries(PLACES).flatMap(([key, { city, places }]) =>
    places.split(',').map((place) => ({ state: key.split(':')[0]!, city: city || place, place })),
  );
  const rows: Array<Record<string, unknown>> = DEMO_VENUES.map((v) => ({
    name: v.name,
    slug: v.slug,
    suburb: v.suburb,
    city: v.city,
    state: v.state,
    region: v.region,
    venue_type: v.venue_type,
    course_amenities: v.course_amenities ?? [],
    club_amenities: v.club_amenities ?? [],
    is_active: true,
    review_status: 'approved',
    is_verified: v.is_verified ?? false,
    lat: v.lat ?? null,
    lng: v.lng ?? null,
  }));
  // Beyond the first 10,000 (the real places hold about 12,500 names), venues are named after
  // the localities around them ('Rosebery Heights', 'Geelong Creek'…), as a directory ten times the
  // size would be: its searches meet more near misses, not the same names again.
  const localities = places.flatMap((where) =>
    LOCALITY_SUFFIXES.map((suffix) => ({ ...where, place: `${where.place} ${suffix}` })),
  );
  const names = new Set(rows.map((r) => r.name));
  for (let i = 0; rows.length < count; i++) {
    if (i > count * 20) throw new Error(`only ${rows.length} distinct venue names for ${count} venues`);
    const pool = rows.length < REAL_PLACES_UP_TO ? places : localities;
    const where = pool[Math.floor(rnd() * pool.length)]!;
    const [named, types] = NAMES[Math.floor(rnd() * NAMES.length)]!;
    const name = named(where.place);
    // One club of a name per place, as in a real directory.
    if (names.has(name)) continue;
    names.add(name);
    const [south, north, west, east] = BOXES[where.state]!;
    const course = types.includes('golf_course');
    rows.push({
      name,
      slug: `bench-${i}`,
      suburb: where.place,
      city: where.city,
      state: where.state,
      region: where.city === where.place ? `${where.state} regional` : where.city,
      venue_type: types,
      course_amenities: course ? subset(rnd, COURSE_AMENITIES, 0.45) : subset(rnd, ['golf_simulator'], 0.5),
      club_amenities: subset(rnd, CLUB_AMENITIES, course ? 0.55 : 0.3),
      is_active: rnd() >= 0.03,
      review_status: ((r) => (r < 0.95 ? 'approved' : r < 0.99 ? 'pending' : 'rejected'))(rnd()),
      is_verified: rnd() < 0.3,
      lat: south + rnd() * (north - south),
      lng: west + rnd() * (east - west),
    });
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const column = (key: string) => rows.map((r) => r[key]);
    // Arrays of arrays do not travel as parameters; lists go as comma-joined text and are split back.
    const list = (key: string) => rows.map((r) => (r[key] as string[]).join(','));
    await client.query(
      `insert into venues (name, slug, suburb, city, state, region, venue_type, course_amenities,
         club_amenities, is_active, review_status, is_verified, lat, lng, description, business_hours)
       select name, slug, suburb, city, state, region,
         string_to_array(venue_type, ','), coalesce(string_to_array(nullif(course_amenities, ''), ','), '{}'),
         coalesce(string_to_array(nullif(club_amenities, ''), ','), '{}'),
         is_active, review_status, is_verified, lat, lng,
         'A golf venue in ' || suburb || ', ' || state || '.',
         '{"monday":"7:00 AM - 6:00 PM","saturday":"6:00 AM - 7:00 PM"}'::jsonb
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::boolean[], $11::text[], $12::boolean[], $13::float8[], $14::float8[])
         as t(name, slug, suburb, city, state, region, venue_type, course_amenities, club_amenities,
              is_active, review_status, is_verified, lat, lng)`,
      [
        column('name'),
        column('slug'),
        column('suburb'),
        column('city'),
        column('state'),
        column('region'),
        list('venue_type'),
        list('course_amenities'),
        list('club_amenities'),
        column('is_active'),
        column('review_status'),
        column('is_verified'),
        column('lat'),
        column('lng'),
      ],
    );
    // Galleries of 0 to 11 items (a video in every seventh), taken in venue order until `media` rows.
    await client.query(
      `insert into venue_media (venue_id, kind, url, storage_key, thumbnail_url, thumbnail_key, position)
       select v.id, case when g % 7 = 0 then 'video' else 'image' end,
         '/uploads/venues/bench/' || v.id || '-' || g || case when g % 7 = 0 then '.mp4' else '.webp' end,
         'venues/bench/' || v.id || '-' || g,
         case when g % 7 = 0 then '/uploads/venues/bench/thumbnails/' || v.id || '-' || g || '.jpg' end,
         case when g % 7 = 0 then 'venues/bench/thumbnails/' || v.id || '-' || g end,
         g - 1
       from venues v cross join lateral generate_series(1, (v.id * 7919) % 12) g
       order by v.id, g
       limit $1`,
      [media],
    );
    await client.query(
      `update venues v set featured_image_url = '/uploads/venues/bench/' || v.id || '-featured.webp'
       where v.id % 3 <> 0`,
    );
    await client.query('vacuum analyze venues, venue_media');
  } finally {
    await client.end();
  }
}
