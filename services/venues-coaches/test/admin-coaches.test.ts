import { randomUUID } from 'node:crypto';
import { eventually } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

describe('venues-coaches: coaches and where they teach in the admin area (/admin/coaches)', () => {
  let venues: VenuesCoachesUnderTest;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    venues = await startVenuesCoaches();
    admin = await venues.signedIn('admin');
  });

  afterAll(() => venues?.close());

  it('when an admin adds a coach with the wrapped payload, then the coach is stored with the default schedule, published, and invited to claim the profile by e-mail', async () => {
    const venue = await venues.importVenue({ name: 'Invite Links' });
    const res = await venues.post(
      '/admin/coaches',
      {
        email: 'nina.putt@example.com',
        first_name: 'Nina',
        last_name: 'Putt',
        venue_id: { Valid: true, Int32: venue.id },
        bio: { Valid: true, String: 'Short game specialist' },
        years_experience: { Valid: true, Int32: 12 },
        hourly_rate: { Valid: true, Int32: 9500 },
        is_verified: { Valid: true, Bool: true },
        specialties: { Valid: true, RawMessage: ['putting', 'short game'] },
        certifications: 'PGA Member, TPI Level 1',
      },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const coach = res.json().coach;
    expect(coach).toMatchObject({
      first_name: 'Nina',
      venue_id: venue.id,
      hourly_rate: 9500,
      years_experience: 12,
      specialties: ['putting', 'short game'],
      certifications: ['PGA Member', 'TPI Level 1'],
      is_verified: true,
    });
    expect(coach.availability_schedule.monday).toEqual({ available: true, hours: '9:00 AM - 5:00 PM' });
    const [mail] = (await venues.published('notifications.email.requested')).filter(
      (e) => (e.data as { to: string }).to === 'nina.putt@example.com',
    );
    expect(mail!.data).toMatchObject({ template: 'coach-invitation', variables: { coach_id: coach.id } });
    const again = await venues.post(
      '/admin/coaches',
      { email: 'NINA.putt@example.com', first_name: 'N', last_name: 'P' },
      admin.token,
    );
    expect(again.statusCode).toBe(409);
  });

  it('when the coach wizard’s fields are wrong, then the spec’s words come back for each', async () => {
    const res = await venues.post(
      '/admin/coaches',
      { email: 'bad', first_name: '', years_experience: -1, hourly_rate: { Valid: true, Int32: -5 } },
      admin.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Please enter a valid email address',
      years_experience: 'Years of experience cannot be negative',
      hourly_rate: 'Hourly rate cannot be negative',
    });
  });

  it('when the years of experience are past the spec’s 50, then the server refuses them in the wizard’s words', async () => {
    const res = await venues.post(
      '/admin/coaches',
      {
        email: `too.long.${randomUUID()}@example.com`,
        first_name: 'Old',
        last_name: 'Hand',
        years_experience: { Valid: true, Int32: 51 },
      },
      admin.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ years_experience: 'Years of experience cannot be more than 50' });
  });

  it('when the years are a fraction or far out of range, or the rate far below nothing, on adding or editing, then 422 names the field in the wizard’s words and nothing is saved', async () => {
    const before = await venues.count('coaches');
    const named = { email: `far.out.${randomUUID()}@example.com`, first_name: 'Far', last_name: 'Out' };
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ years_experience: 2.5 }, { years_experience: 'Years of experience must be a whole number' }],
      [{ years_experience: -5000 }, { years_experience: 'Years of experience cannot be negative' }],
      [
        { years_experience: { Valid: true, Int32: 5000 } },
        { years_experience: 'Years of experience cannot be more than 50' },
      ],
      [{ hourly_rate: -50_000_000 }, { hourly_rate: 'Hourly rate cannot be negative' }],
    ];
    for (const [fields, errors] of cases) {
      const res = await venues.post('/admin/coaches', { ...named, ...fields }, admin.token);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await venues.count('coaches')).toBe(before);
    const id = await venues.importCoach({ first_name: 'Steady' });
    for (const [fields, errors] of cases) {
      const res = await venues.send('PUT', `/admin/coaches/${id}`, admin.token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const stored = await venues.pool.query(
      'select years_experience, hourly_rate, version from coaches where id = $1',
      [id],
    );
    expect(stored.rows).toEqual([{ years_experience: null, hourly_rate: null, version: 1 }]);
  });

  it('when an admin edits and deletes a coach, then the change is published and the coach is gone', async () => {
    const id = await venues.importCoach({ first_name: 'Edit' });
    const updated = await venues.send('PUT', `/admin/coaches/${id}`, admin.token, {
      bio: { Valid: true, String: 'New bio' },
      is_available_for_booking: { Valid: true, Bool: false },
    });
    expect(updated.json()).toMatchObject({
      message: 'Coach updated successfully',
      coach: { bio: 'New bio', is_available_for_booking: false },
    });
    expect((await venues.send('DELETE', `/admin/coaches/${id}`, admin.token)).json()).toEqual({
      message: 'Coach deleted successfully',
    });
    expect((await venues.get(`/coaches/${id}`)).statusCode).toBe(404);
  });

  it('when a coach’s venues are added, made primary and removed, then exactly one stays primary', async () => {
    const [a, b] = [
      await venues.importVenue({ name: 'Primary A' }),
      await venues.importVenue({ name: 'Primary B' }),
    ];
    const id = await venues.importCoach({ first_name: 'Links', venue_ids: [a.id] });
    const missing = await venues.post(`/admin/coaches/${id}/venues`, {}, admin.token);
    expect(missing.json().errors).toEqual({ venue_id: 'Please select a venue' });
    const added = await venues.post(
      `/admin/coaches/${id}/venues`,
      { venue_id: b.id, is_primary: false },
      admin.token,
    );
    expect(added.statusCode).toBe(201);
    expect(
      added
        .json()
        .venues.map((l: { venue_name: string; is_primary: boolean }) => [l.venue_name, l.is_primary]),
    ).toEqual([
      ['Primary A', true],
      ['Primary B', false],
    ]);
    const linkB = added.json().venues[1].id;
    const primary = await venues.send('PUT', `/admin/coaches/${id}/venues/${linkB}/primary`, admin.token);
    expect(primary.json().venues[0]).toMatchObject({ venue_name: 'Primary B', is_primary: true });
    const removed = await venues.send('DELETE', `/admin/coaches/${id}/venues/${b.id}`, admin.token);
    expect(removed.json().venues).toEqual([
      expect.objectContaining({ venue_name: 'Primary A', is_primary: true }),
    ]);
  });

  it('when a coach admin looks up their own profile and venues, then they get theirs and nobody else’s', async () => {
    const coachAdmin = await venues.signedIn('coach_admin');
    const own = await venues.importCoach({ first_name: 'Own', user_id: coachAdmin.id });
    const other = await venues.importCoach({ first_name: 'Other' });
    expect(
      (await venues.get(`/admin/coaches/by-user/${coachAdmin.id}`, coachAdmin.token)).json().coach.id,
    ).toBe(own);
    expect((await venues.get(`/admin/coaches/${own}/venues`, coachAdmin.token)).statusCode).toBe(200);
    expect((await venues.get(`/admin/coaches/${other}/venues`, coachAdmin.token)).statusCode).toBe(403);
    expect(
      (await venues.get(`/admin/coaches/by-user/${coachAdmin.id + 1000}`, coachAdmin.token)).statusCode,
    ).toBe(403);
    expect((await venues.get('/admin/coaches', coachAdmin.token)).statusCode).toBe(403);
    const noProfile = await venues.signedIn('coach_admin');
    const res = await venues.get(`/admin/coaches/by-user/${noProfile.id}`, noProfile.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(
      'You do not have a coach profile yet. Please contact an administrator to set up your profile.',
    );
    expect((await venues.get('/admin/profile', coachAdmin.token)).json().profile).toMatchObject({
      coach_id: own,
    });
  });

  it('when identity deletes an account, then its coach profile becomes unclaimed and it runs no venue; each venue it ran is published again without it', async () => {
    const person = await venues.signedIn('coach_admin');
    const stays = await venues.signedIn('facility_admin');
    const coachId = await venues.importCoach({ first_name: 'Leaving', user_id: person.id });
    const venue = await venues.importVenue({ name: 'Left Behind Links' });
    const second = await venues.importVenue({ name: 'Also Left Links' });
    await venues.pool.query(
      'insert into venue_admins (venue_id, user_id) values ($1, $2), ($3, $2), ($3, $4)',
      [venue.id, person.id, second.id, stays.id],
    );
    const versionOf = async (id: number) =>
      (await venues.pool.query('select version from venues where id = $1', [id])).rows[0].version as number;
    const before = { [venue.id]: await versionOf(venue.id), [second.id]: await versionOf(second.id) };
    await venues.service.bus.publish([
      {
        id: randomUUID(),
        type: 'identity.user.deleted',
        version: 1,
        occurredAt: new Date().toISOString(),
        source: 'identity',
        correlationId: randomUUID(),
        data: { user_id: person.id, token_version: 1, version: 3 },
      },
    ]);
    await eventually(async () => {
      const { rows } = await venues.pool.query('select user_id from coaches where id = $1', [coachId]);
      expect(rows[0].user_id).toBeNull();
    });
    const { rowCount } = await venues.pool.query('select 1 from venue_admins where user_id = $1', [
      person.id,
    ]);
    expect(rowCount).toBe(0);
    expect((await venues.published('venues.coach.updated')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ coach_id: coachId, user_id: null }),
    );
    const republished = (await venues.published('venues.venue.updated'))
      .map((e) => e.data as { venue_id: number; admin_user_ids?: number[]; version: number })
      .filter((data) => data.venue_id === venue.id || data.venue_id === second.id);
    expect(republished).toEqual([
      expect.objectContaining({ venue_id: venue.id, admin_user_ids: [], version: before[venue.id]! + 1 }),
      expect.objectContaining({
        venue_id: second.id,
        admin_user_ids: [stays.id],
        version: before[second.id]! + 1,
      }),
    ]);
  });
});
