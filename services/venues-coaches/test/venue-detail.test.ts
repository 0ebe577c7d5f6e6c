import type { ImportVenueBody } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/** A venue with every field of docs/product.md#admin-entities set. */
const EVERY_FIELD = {
  name: 'The National Golf Club',
  slug: 'the-national',
  address: '1 Cups Drive',
  suburb: 'Cape Schanck',
  city: 'Mornington Peninsula',
  state: 'VIC',
  postal_code: '3939',
  country: 'Australia',
  region: 'Mornington Peninsula',
  phone: '03 5988 6666',
  email: 'golf@thenational.example',
  website_url: 'https://thenational.example',
  description: 'Four courses on the peninsula.',
  venue_type: ['golf_course', 'driving_range'],
  course_type: 'private',
  social_golf_days: ['monday', 'friday'],
  dress_code: 'Collared shirts',
  social_clubs_allowed: true,
  linksmate_comp_play_allowed: false,
  rounds_offered: '9 and 18 holes',
  course_full_length: 18,
  course_half_length: 9,
  course_length_metres: 6400,
  difficulty_men: 'advanced',
  difficulty_women: 'intermediate',
  tags: ['links', 'ocean views'],
  carts_available: true,
  course_amenities: ['driving_range', 'putting_green'],
  club_amenities: ['restaurant', 'pro_shop'],
  proshop_contact_names: 'Sam Pro',
  proshop_phone_number: '03 5988 6667',
  proshop_email: 'proshop@thenational.example',
  head_golf_professional_name: 'Hank Head',
  head_golf_professional_email: 'head@thenational.example',
  head_golf_professional_phone: '0400 000 001',
  teaching_golf_professional_name: 'Tess Teach',
  teaching_golf_professional_email: 'teach@thenational.example',
  teaching_golf_professional_phone: '0400 000 002',
  commercials: 'Revenue share 10%',
  blockers: 'Board approval',
  notes: 'Call after 10',
  business_hours: { monday: '6:00 AM - 7:00 PM', sunday: 'Closed' },
  is_verified: true,
  lat: -38.4794,
  lng: 144.8986,
  virtual_tour_url: 'https://tour.example/national',
  accessibility_features: 'Ramps to the clubhouse',
  awards_recognition: 'Top 100',
  environmental_initiatives: 'Recycled water',
  facebook_url: 'https://facebook.example/national',
  instagram_url: 'https://instagram.example/national',
  twitter_url: 'https://twitter.example/national',
  youtube_url: 'https://youtube.example/national',
} satisfies ImportVenueBody;

describe('venues-coaches: one venue', () => {
  let vc: VenuesCoachesUnderTest;
  let national: { id: number; slug: string };

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    national = await vc.importVenue(EVERY_FIELD);
    // Inserted out of order: the carousel follows position, not insertion.
    await vc.addGallery(national.id, [
      { url: '/uploads/venues/third.webp', position: 2 },
      { url: '/uploads/venues/first.webp', position: 0 },
      { url: '/uploads/venues/second.mp4', position: 1, video: true },
    ]);
  });

  afterAll(() => vc?.close());

  it('when fetched by id or slug, then every public field comes, and no admin-only one', async () => {
    const byId = await vc.get(`/venues/${national.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const venue = byId.json().venue;
    const { commercials: _c, blockers: _b, notes: _n, ...publicFields } = EVERY_FIELD;
    expect(venue).toMatchObject({ ...publicFields, id: national.id, is_active: true });
    expect(venue).not.toHaveProperty('commercials');
    expect(venue).not.toHaveProperty('blockers');
    expect(venue).not.toHaveProperty('notes');
    expect(venue.amenities).toEqual(['driving_range', 'putting_green', 'restaurant', 'pro_shop']);
    expect(Date.parse(venue.created_at)).not.toBeNaN();

    const bySlug = await vc.get('/venues/slug/the-national');
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual(byId.json());
  });

  it('when the venue has a gallery, then it comes in carousel order, videos with their thumbnail', async () => {
    const { venue } = (await vc.get(`/venues/${national.id}`)).json();
    expect(venue.gallery_image_urls).toEqual([
      '/uploads/venues/first.webp',
      '/uploads/venues/second.mp4',
      '/uploads/venues/third.webp',
    ]);
    expect(venue.gallery_count).toBe(3);
    expect(venue.gallery[1]).toMatchObject({
      url: '/uploads/venues/second.mp4',
      media_type: 'video',
      thumbnail_url: '/uploads/venues/second.jpg',
      position: 1,
    });
    expect(venue.gallery[0]).toMatchObject({ media_type: 'image', thumbnail_url: null, position: 0 });
  });

  it('when a venue has only a name, then its optional fields are null and its lists empty', async () => {
    const bare = await vc.importVenue({ name: 'Bare Links' });
    const { venue } = (await vc.get(`/venues/${bare.id}`)).json();
    expect(venue).toMatchObject({
      slug: 'bare-links',
      address: null,
      lat: null,
      country: 'Australia',
      venue_type: ['golf_course'],
      amenities: [],
      business_hours: {},
      gallery: [],
      gallery_image_urls: [],
      is_verified: false,
    });
  });

  it('when the venue is inactive, pending or rejected, then it is not found by id or slug', async () => {
    const inactive = await vc.importVenue({ name: 'Closed Course', is_active: false });
    const rejected = await vc.importVenue({ name: 'Refused Range' });
    await vc.modules().venues.change(rejected.id, { reviewStatus: 'rejected' }, {});
    const someone = await vc.signedIn();
    const pending = await vc.post('/venues/user-created', { name: 'Waiting Greens' }, someone.token);
    const pendingId = pending.json().venue.id as number;
    const pendingSlug = (await vc.venueRow(pendingId))!.slug;
    for (const [id, slug] of [
      [inactive.id, inactive.slug],
      [rejected.id, rejected.slug],
      [pendingId, pendingSlug],
    ] as const) {
      for (const url of [`/venues/${id}`, `/venues/slug/${slug}`]) {
        const res = await vc.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ error: 'Venue not found', code: 'not_found' });
      }
    }
  });

  it('when the id or slug does not exist, then 404 Venue not found; when the id is no id, then 400', async () => {
    for (const url of ['/venues/987654', '/venues/slug/no-such-venue', '/venues/slug/%C3%A9t%C3%A9']) {
      const res = await vc.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe('Venue not found');
    }
    for (const url of ['/venues/abc', '/venues/0', '/venues/-3', '/venues/1.5', '/venues/99999999999']) {
      const res = await vc.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().error, url).toBe('string');
    }
  });

  it('when a filter list path is asked, then it is the list, not a venue id', async () => {
    for (const path of ['regions', 'states', 'types', 'course-amenities', 'club-amenities']) {
      const res = await vc.get(`/venues/${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).not.toHaveProperty('venue');
    }
  });
});
