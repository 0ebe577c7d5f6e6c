import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/** The wizard's answers for a venue with everything required. */
const wizard = (extra: Record<string, unknown> = {}) => ({
  name: 'Brighton Links',
  address: '1 Beach Rd',
  city: 'Brighton',
  state: 'vic',
  country: 'Australia',
  venue_type: ['golf_course'],
  is_active: true,
  is_verified: false,
  ...extra,
});

describe('venues-coaches: venues in the admin area (/admin/venues)', () => {
  let venues: VenuesCoachesUnderTest;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    venues = await startVenuesCoaches();
    admin = await venues.signedIn('admin');
  });

  afterAll(() => venues?.close());

  it('when an admin creates a venue through the wizard, then it is listed, published and its custom types replace other', async () => {
    const res = await venues.send(
      'POST',
      '/admin/venues',
      admin.token,
      wizard({
        venue_type: ['golf_course', 'other'],
        custom_venue_types: 'Footgolf, Disc golf ',
        commercials: '10% of green fees',
        business_hours: '{"monday":"6am - 6pm"}',
        course_length_metres: { Valid: true, Int32: 5900 },
        proshop_email: { Valid: false, String: '' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const venue = res.json().venue;
    expect(venue).toMatchObject({
      name: 'Brighton Links',
      state: 'VIC',
      venue_type: ['golf_course', 'Footgolf', 'Disc golf'],
      review_status: 'approved',
      commercials: '10% of green fees',
      business_hours: { monday: '6am - 6pm' },
      course_length_metres: 5900,
      proshop_email: null,
      is_verified: false,
    });
    expect((await venues.get(`/venues/${venue.id}`)).statusCode).toBe(200);
    expect((await venues.published('venues.venue.created')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ venue_id: venue.id, name: 'Brighton Links' }),
    );
    const listed = (await venues.get('/admin/venues?limit=1', admin.token)).json();
    expect(listed.count).toBeGreaterThanOrEqual(1);
    expect(listed.venues[0]).toMatchObject({ id: venue.id, gallery_count: 0, review_status: 'approved' });
  });

  it('when the wizard’s required fields are missing or wrong, then every problem comes back in the spec’s words and nothing is stored', async () => {
    const before = await venues.count('venues');
    const res = await venues.send('POST', '/admin/venues', admin.token, {
      name: '  ',
      venue_type: ['other'],
      country: '',
      proshop_email: 'not-an-email',
      head_golf_professional_email: 'nope',
      course_full_length: -3,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: 'Venue name is required',
      venue_type: 'Custom venue type is required when "Other" is selected',
      address: 'Address is required',
      city: 'City is required',
      country: 'Country is required',
      proshop_email: 'Please enter a valid pro shop email address',
      head_golf_professional_email: 'Please enter a valid email address',
      course_full_length: 'Course length cannot be negative',
    });
    const noType = await venues.send('POST', '/admin/venues', admin.token, wizard({ venue_type: [] }));
    expect(noType.json().errors).toEqual({ venue_type: 'At least one venue type is required' });
    expect(await venues.count('venues')).toBe(before);
  });

  it('when a course length of -5 is sent, then 422 says "Course length cannot be negative" and nothing is saved', async () => {
    const before = await venues.count('venues');
    const res = await venues.send('POST', '/admin/venues', admin.token, wizard({ course_full_length: -5 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ course_full_length: 'Course length cannot be negative' });
    expect(await venues.count('venues')).toBe(before);
  });

  it('when a length is a fraction or past the largest, or a coordinate is off the globe, then 422 names each field in the wizard’s words, on creation and on a site admin’s change, and nothing is saved', async () => {
    const offTheMap = {
      course_full_length: 18.5,
      course_half_length: { Valid: true, Int32: 1_000_001 },
      course_length_metres: -0.5,
      lat: -91,
      lng: { Valid: true, Float64: 180.5 },
    };
    const words = {
      course_full_length: 'Course length must be a whole number',
      course_half_length: 'Course length cannot be more than 1,000,000',
      course_length_metres: 'Course length cannot be negative',
      lat: 'Latitude must be between -90 and 90',
      lng: 'Longitude must be between -180 and 180',
    };
    const before = await venues.count('venues');
    const creation = await venues.send('POST', '/admin/venues', admin.token, wizard(offTheMap));
    expect(creation.statusCode).toBe(422);
    expect(creation.json().errors).toEqual(words);
    expect(await venues.count('venues')).toBe(before);

    const siteAdmin = await venues.signedIn('site_admin');
    const venue = (
      await venues.send(
        'POST',
        '/admin/venues',
        siteAdmin.token,
        wizard({ name: 'Edge Of The Map', lat: 90, lng: -180, course_full_length: 0 }),
      )
    ).json().venue;
    expect(venue).toMatchObject({ lat: 90, lng: -180, course_full_length: 0 });
    const change = await venues.send('PUT', `/admin/venues/${venue.id}`, siteAdmin.token, offTheMap);
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual(words);
    const stored = (await venues.get(`/admin/venues/${venue.id}`, admin.token)).json().venue;
    expect(stored).toMatchObject({ lat: 90, lng: -180, course_full_length: 0, course_half_length: null });
  });

  it('when an admin updates, toggles and deletes a venue, then each change is published and the venue leaves the directory', async () => {
    const created = (
      await venues.send('POST', '/admin/venues', admin.token, wizard({ name: 'Toggle Park' }))
    ).json().venue;
    const updated = await venues.send('PUT', `/admin/venues/${created.id}`, admin.token, {
      is_active: false,
      is_verified: true,
      description: 'Nine holes by the bay',
    });
    expect(updated.json().venue).toMatchObject({ is_active: false, is_verified: true, name: 'Toggle Park' });
    expect((await venues.get(`/venues/${created.id}`)).statusCode).toBe(404);
    const deleted = await venues.send('DELETE', `/admin/venues/${created.id}`, admin.token);
    expect(deleted.json()).toEqual({ message: 'Venue deleted successfully' });
    expect((await venues.send('GET', `/admin/venues/${created.id}`, admin.token)).statusCode).toBe(404);
    expect((await venues.published('venues.venue.deleted')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ venue_id: created.id }),
    );
  });

  it('when a person’s submitted venue is approved, then it is listed in the directory', async () => {
    const member = await venues.signedIn('member');
    const submitted = await venues.post(
      '/venues/user-created',
      { name: 'Hidden Gem Golf', city: 'Bendigo' },
      member.token,
    );
    const id = submitted.json().venue.id;
    expect((await venues.get(`/venues/${id}`)).statusCode).toBe(404);
    const pending = (await venues.get('/admin/venues', admin.token))
      .json()
      .venues.find((v: { id: number }) => v.id === id);
    expect(pending.review_status).toBe('pending');
    const approved = await venues.send('PUT', `/admin/venues/${id}/review`, admin.token, {
      review_status: 'approved',
    });
    expect(approved.json().venue.review_status).toBe('approved');
    expect((await venues.get(`/venues/${id}`)).statusCode).toBe(200);
  });

  it('when a facility admin opens the venues section, then they see only the venues they run, without commercials, and may not create', async () => {
    const run = await venues.importVenue({ name: 'Facility Run Course', commercials: 'secret deal' });
    await venues.addGallery(run.id, [
      { url: '/uploads/a.webp', position: 0 },
      { url: '/uploads/b.mp4', position: 1, video: true },
    ]);
    await venues.importVenue({ name: 'Someone Else Course' });
    const facility = await venues.signedIn('facility_admin');
    await venues.pool.query('insert into venue_admins (venue_id, user_id) values ($1, $2)', [
      run.id,
      facility.id,
    ]);
    const list = (await venues.get('/admin/venues', facility.token)).json();
    expect(list).toMatchObject({ count: 1, venues: [{ id: run.id, gallery_count: 2 }] });
    const own = (await venues.get(`/admin/venues/${run.id}`, facility.token)).json().venue;
    expect(own.commercials).toBeUndefined();
    expect((await venues.get(`/admin/venues/${run.id}`, admin.token)).json().venue.commercials).toBe(
      'secret deal',
    );
    const other = (await venues.get('/admin/venues', admin.token))
      .json()
      .venues.find((v: { name: string }) => v.name === 'Someone Else Course');
    expect((await venues.get(`/admin/venues/${other.id}`, facility.token)).statusCode).toBe(404);
    expect((await venues.send('POST', '/admin/venues', facility.token, wizard())).statusCode).toBe(403);
    const profile = (await venues.get('/admin/profile', facility.token)).json();
    expect(profile).toEqual({
      user: { id: facility.id, role: 'facility_admin' },
      profile: { status: 'active', venue_id: run.id, venue_name: 'Facility Run Course', coach_id: null },
    });
    const unassigned = await venues.signedIn('facility_admin');
    const missing = await venues.get('/admin/profile', unassigned.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('No venue found for this admin');
  });

  it('when a member or nobody calls the admin venue routes, then 403 or 401', async () => {
    const member = await venues.signedIn('member');
    expect((await venues.get('/admin/venues')).statusCode).toBe(401);
    expect((await venues.get('/admin/venues', member.token)).statusCode).toBe(403);
    expect((await venues.send('POST', '/admin/venues', member.token, wizard())).statusCode).toBe(403);
  });
});
