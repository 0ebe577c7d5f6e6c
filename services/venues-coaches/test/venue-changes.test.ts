import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

describe('venues-coaches: venues submitted by people and made by the platform', () => {
  let vc: VenuesCoachesUnderTest;
  let member: { id: number; token: string };

  const submit = (body: unknown, token: string | undefined = member.token) =>
    vc.post('/venues/user-created', body, token);

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    member = await vc.signedIn('member');
  });

  afterAll(() => vc?.close());

  describe('POST /venues/user-created', () => {
    it('when a signed-in person submits a venue, then it is stored pending with the defaults and 201 says so', async () => {
      const res = await submit({
        name: '  Moonah Links  ',
        address: '55 Peter Thomson Drive',
        city: 'Fingal',
        state: 'vic',
        postal_code: '3939',
        phone: '03 5988 2000',
        email: 'info@moonah.example',
        website_url: 'https://moonah.example',
        description: 'Two championship courses.',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        message: 'Thanks! Your venue has been submitted for review. It will appear once approved.',
        venue: { id: expect.any(Number), name: 'Moonah Links', review_status: 'pending' },
      });
      const row = (await vc.venueRow(body.venue.id))!;
      expect(row).toMatchObject({
        name: 'Moonah Links',
        slug: 'moonah-links',
        reviewStatus: 'pending',
        submittedByUserId: member.id,
        venueType: ['golf_course'],
        isActive: true,
        isVerified: false,
        country: 'Australia',
        state: 'VIC',
        city: 'Fingal',
        email: 'info@moonah.example',
        version: 1,
      });
    });

    it('when a venue is submitted, then venues.venue.submitted is published with the snapshot and the person', async () => {
      const res = await submit({ name: 'Portsea Golf Club', city: 'Portsea', state: 'VIC' });
      const id = res.json().venue.id;
      const events = (await vc.published('venues.venue.submitted')).filter(
        (e) => (e.data as { venue_id: number }).venue_id === id,
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual({
        venue_id: id,
        name: 'Portsea Golf Club',
        slug: 'portsea-golf-club',
        address: null,
        city: 'Portsea',
        state: 'VIC',
        lat: null,
        lng: null,
        // Not listed (pending), so not active for the other contexts.
        is_active: false,
        is_verified: false,
        // Nobody runs it yet.
        admin_user_ids: [],
        version: 1,
        submitted_by_user_id: member.id,
      });
      expect(events[0]!.actor).toEqual({ user_id: member.id, role: 'member' });
      // Not listed, so not "created" for the projections.
      expect(
        (await vc.published('venues.venue.created')).filter(
          (e) => (e.data as { venue_id: number }).venue_id === id,
        ),
      ).toEqual([]);
    });

    it('when a venue is submitted, then it is neither listed nor searchable until approved', async () => {
      await submit({ name: 'Hidden Valley Golf', state: 'QLD' });
      const all = (await vc.get('/venues?search=hidden%20valley')).json();
      expect(all).toEqual({ venues: [], count: 0 });
      expect((await vc.get('/venues?state=QLD')).json().count).toBe(0);
      expect((await vc.get('/venues/states')).json().states).not.toContain('QLD');
    });

    it('when the fields come wrapped as {Valid, value}, then they are read as plain values', async () => {
      const res = await submit({
        name: { Valid: true, value: 'Wrapped Greens' },
        city: { Valid: true, String: 'Ballarat' },
        phone: { Valid: false, value: '000' },
        email: { Valid: true, value: null },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await vc.venueRow(res.json().venue.id)).toMatchObject({
        name: 'Wrapped Greens',
        city: 'Ballarat',
        phone: null,
        email: null,
      });
    });

    it('when names repeat, then each venue gets its own slug', async () => {
      const slugs: string[] = [];
      for (const name of ['Twin Creeks', 'Twin Creeks', 'twin  creeks!']) {
        const res = await submit({ name });
        slugs.push((await vc.venueRow(res.json().venue.id))!.slug);
      }
      expect(slugs).toEqual(['twin-creeks', 'twin-creeks-2', 'twin-creeks-3']);
      const unlatin = await submit({ name: '高尔夫' });
      expect((await vc.venueRow(unlatin.json().venue.id))!.slug).toBe('venue');
    });

    it('when the name is blank or missing, or the e-mail malformed, then 422 or 400 with the spec message, and nothing is stored', async () => {
      const venuesBefore = await vc.count('venues');
      const outboxBefore = await vc.count('outbox');
      for (const name of ['', '   ', null, { Valid: false, value: 'x' }, { Valid: true, value: ' ' }]) {
        const res = await submit({ name, city: 'Nowhere' });
        expect(res.statusCode, JSON.stringify(name)).toBe(422);
        expect(res.json(), JSON.stringify(name)).toMatchObject({
          error: 'Venue name is required',
          errors: { name: 'Venue name is required' },
        });
      }
      const badEmail = await submit({ name: 'Emailed Links', email: 'not-an-address' });
      expect(badEmail.statusCode).toBe(422);
      expect(badEmail.json().errors).toEqual({ email: 'Please enter a valid email address' });
      const missing = await submit({ city: 'Nowhere' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty('name');
      const tooLong = await submit({ name: 'x'.repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(await vc.count('venues')).toBe(venuesBefore);
      expect(await vc.count('outbox')).toBe(outboxBefore);
    });

    it('when nobody is signed in or the token is bad, then 401 and nothing is stored', async () => {
      const before = await vc.count('venues');
      const anonymous = await vc.post('/venues/user-created', { name: 'Anonymous Acres' });
      expect(anonymous.statusCode).toBe(401);
      expect(typeof anonymous.json().error).toBe('string');
      const forged = await submit({ name: 'Forged Fairways' }, 'not.a.token');
      expect(forged.statusCode).toBe(401);
      expect(await vc.count('venues')).toBe(before);
    });

    it('when a coach or an admin submits, then it is accepted as from anyone signed in', async () => {
      for (const role of ['coach', 'site_admin'] as const) {
        const someone = await vc.signedIn(role);
        expect((await submit({ name: `Submitted by ${role}` }, someone.token)).statusCode).toBe(201);
      }
    });
  });

  describe('POST /internal/venues', () => {
    it('when the platform makes a venue, then it is listed at once and venues.venue.created carries version 1', async () => {
      const res = await vc.internal('/internal/venues', {
        name: 'Royal Canberra Golf Club',
        city: 'Canberra',
        state: 'ACT',
        venue_type: ['golf_course'],
        lat: -35.3,
        lng: 149.1,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, slug } = res.json().venue;
      expect(slug).toBe('royal-canberra-golf-club');
      expect((await vc.get(`/venues/slug/${slug}`)).json().venue.id).toBe(id);
      // The filter lists learn of it at once (this process made the change).
      expect((await vc.get('/venues/states')).json().states).toContain('ACT');
      const created = (await vc.published('venues.venue.created')).find(
        (e) => (e.data as { venue_id: number }).venue_id === id,
      );
      expect(created?.data).toMatchObject({
        venue_id: id,
        name: 'Royal Canberra Golf Club',
        slug,
        state: 'ACT',
        lat: -35.3,
        lng: 149.1,
        is_active: true,
        version: 1,
      });
    });

    it('when a slug is given, then it is used; when it is taken, then 409 and nothing is stored', async () => {
      const first = await vc.importVenue({ name: 'Ocean Shores', slug: 'Ocean Shores NSW' });
      expect(first.slug).toBe('ocean-shores-nsw');
      const before = await vc.count('venues');
      const outboxBefore = await vc.count('outbox');
      const again = await vc.internal('/internal/venues', {
        name: 'Another',
        slug: 'ocean-shores-nsw',
        venue_type: ['golf_course'],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('A venue with this slug already exists');
      expect(await vc.count('venues')).toBe(before);
      expect(await vc.count('outbox')).toBe(outboxBefore);
      // Without a slug, the name's slug is numbered past the taken ones.
      expect((await vc.importVenue({ name: 'Ocean Shores NSW' })).slug).toBe('ocean-shores-nsw-2');
    });

    it('when a pending venue holds a name, then an imported one of the same name gets the next slug', async () => {
      await submit({ name: 'Lake Karrinyup Country Club' });
      expect((await vc.importVenue({ name: 'Lake Karrinyup Country Club' })).slug).toBe(
        'lake-karrinyup-country-club-2',
      );
    });

    it('when many venues of one name are made at once, then each gets a slug of its own', async () => {
      const made = await Promise.all(
        Array.from({ length: 6 }, () => vc.importVenue({ name: 'Crowded Course' })),
      );
      expect(new Set(made.map((v) => v.slug)).size).toBe(6);
    });

    it('when the service token is missing or wrong, then 401', async () => {
      const anonymous = await vc.post('/internal/venues', { name: 'X', venue_type: ['golf_course'] });
      expect(anonymous.statusCode).toBe(401);
      const wrong = await vc.app.inject({
        method: 'POST',
        url: '/internal/venues',
        payload: { name: 'X', venue_type: ['golf_course'] },
        headers: { [SERVICE_TOKEN_HEADER]: 'wrong-token-wrong-token' },
      });
      expect(wrong.statusCode).toBe(401);
      const member = await vc.signedIn('site_admin');
      expect(
        (await vc.post('/internal/venues', { name: 'X', venue_type: ['golf_course'] }, member.token))
          .statusCode,
      ).toBe(401);
    });

    it('when a field is out of its enumeration, then 400', async () => {
      for (const body of [
        { name: 'Bad', venue_type: ['spaceship'] },
        { name: 'Bad', venue_type: [] },
        { name: 'Bad', venue_type: ['golf_course'], state: 'Victoria' },
        { name: 'Bad', venue_type: ['golf_course'], club_amenities: ['helipad'] },
        { name: 'Bad', venue_type: ['golf_course'], lat: 91 },
        { name: '', venue_type: ['golf_course'] },
      ]) {
        const res = await vc.internal('/internal/venues', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('changes through the venue service (for the admin area)', () => {
    it('when a venue changes, then its version moves on and venues.venue.updated carries it', async () => {
      const { venues } = vc.modules();
      const made = await vc.importVenue({ name: 'Versioned Valley' });
      const once = await venues.change(made.id, { isVerified: true }, {});
      const twice = await venues.change(made.id, { phone: '02 0000 0000' }, {});
      expect([once?.version, twice?.version]).toEqual([2, 3]);
      const updates = (await vc.published('venues.venue.updated'))
        .map((e) => e.data as { venue_id: number; version: number; is_verified: boolean })
        .filter((d) => d.venue_id === made.id);
      expect(updates.map((d) => [d.version, d.is_verified])).toEqual([
        [2, true],
        [3, true],
      ]);
      await venues.change(made.id, { reviewStatus: 'rejected' }, {});
      const rejected = (await vc.published('venues.venue.updated')).at(-1)!.data;
      expect(rejected).toMatchObject({ venue_id: made.id, version: 4, is_active: false });
      expect(await venues.change(999_999, { phone: 'x' }, {})).toBeUndefined();
    });

    it('when a venue is deleted, then venues.venue.deleted carries the version after its last change', async () => {
      const { venues } = vc.modules();
      const made = await vc.importVenue({ name: 'Doomed Downs' });
      await venues.change(made.id, { isVerified: true }, {});
      expect(await venues.remove(made.id, {})).toBe(true);
      expect(await venues.remove(made.id, {})).toBe(false);
      const deleted = (await vc.published('venues.venue.deleted')).filter(
        (e) => (e.data as { venue_id: number }).venue_id === made.id,
      );
      expect(deleted.map((e) => e.data)).toEqual([{ venue_id: made.id, version: 3 }]);
      expect((await vc.get(`/venues/${made.id}`)).statusCode).toBe(404);
    });
  });
});
