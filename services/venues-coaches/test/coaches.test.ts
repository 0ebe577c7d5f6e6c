import type { Coach } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

describe('venues-coaches: coaches', () => {
  let vc: VenuesCoachesUnderTest;
  const venue: Record<'links' | 'range' | 'closed' | 'spare', number> = {
    links: 0,
    range: 0,
    closed: 0,
    spare: 0,
  };
  const coach: Record<'zoe' | 'adam' | 'bella' | 'carl', number> = { zoe: 0, adam: 0, bella: 0, carl: 0 };

  const list = async (query = '') => {
    const res = await vc.get(`/coaches${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { coaches: Coach[]; total: number };
  };
  const detail = async (id: number) => {
    const res = await vc.get(`/coaches/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().coach as Coach;
  };
  const primaryRows = async (coachId: number) =>
    (
      await vc.pool.query('select venue_id from coach_venues where coach_id = $1 and is_primary', [coachId])
    ).rows.map((r) => r.venue_id as number);

  beforeAll(async () => {
    vc = await startVenuesCoaches();
    venue.links = (await vc.importVenue({ name: 'Peninsula Kingswood' })).id;
    venue.range = (await vc.importVenue({ name: 'Eastern Driving Range', venue_type: ['driving_range'] })).id;
    venue.closed = (await vc.importVenue({ name: 'Closed Club', is_active: false })).id;
    venue.spare = (await vc.importVenue({ name: 'Spare Greens' })).id;
    coach.zoe = await vc.importCoach({
      first_name: 'Zoe',
      last_name: 'Ng',
      is_verified: true,
      bio: 'Short game specialist.',
      specialties: ['short_game', 'putting'],
      certifications: ['PGA of Australia Member'],
      years_experience: 12,
      hourly_rate: 9500,
      availability_schedule: { monday: { available: true, hours: '9:00 AM - 5:00 PM' } },
      venue_ids: [venue.links, venue.range],
    });
    coach.adam = await vc.importCoach({ first_name: 'Adam', is_available_for_booking: false });
    coach.bella = await vc.importCoach({ first_name: 'Bella', is_verified: true, venue_ids: [venue.closed] });
    coach.carl = await vc.importCoach({
      first_name: 'Carl',
      user_id: 77,
      venue_ids: [venue.range, venue.range],
    });
  });

  afterAll(() => vc?.close());

  it('when listed, then verified coaches come first, then by name, with the total', async () => {
    const page = await list();
    expect(page.coaches.map((c) => c.first_name)).toEqual(['Bella', 'Zoe', 'Adam', 'Carl']);
    expect(page.total).toBe(4);
    const second = await list('limit=2&offset=1');
    expect(second.coaches.map((c) => c.first_name)).toEqual(['Zoe', 'Adam']);
    expect(second.total).toBe(4);
    expect(await list('offset=50')).toEqual({ coaches: [], total: 4 });
  });

  it('when a coach is shown, then every field comes, with the primary venue', async () => {
    const zoe = await detail(coach.zoe);
    expect(zoe).toEqual({
      id: coach.zoe,
      user_id: null,
      venue_id: venue.links,
      venue_name: 'Peninsula Kingswood',
      first_name: 'Zoe',
      last_name: 'Ng',
      email: 'zoe@example.com',
      profile_image_url: null,
      bio: 'Short game specialist.',
      specialties: ['short_game', 'putting'],
      certifications: ['PGA of Australia Member'],
      years_experience: 12,
      hourly_rate: 9500,
      is_verified: true,
      is_available_for_booking: true,
      availability_schedule: { monday: { available: true, hours: '9:00 AM - 5:00 PM' } },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await list()).coaches.find((c) => c.id === coach.zoe)).toEqual(zoe);
    expect(await detail(coach.adam)).toMatchObject({
      venue_id: null,
      venue_name: null,
      specialties: [],
      availability_schedule: {},
      is_available_for_booking: false,
    });
    // A primary venue that is not listed is not shown: a link to it would lead nowhere.
    expect(await detail(coach.bella)).toMatchObject({ venue_id: null, venue_name: null });
    expect(await detail(coach.carl)).toMatchObject({ user_id: 77, venue_id: venue.range });
  });

  it('when a coach is made, then venues.coach.created carries the primary venue and version 1', async () => {
    const created = (await vc.published('venues.coach.created')).find(
      (e) => (e.data as { coach_id: number }).coach_id === coach.zoe,
    );
    expect(created?.data).toEqual({
      coach_id: coach.zoe,
      user_id: null,
      first_name: 'Zoe',
      last_name: 'Ng',
      email: 'zoe@example.com',
      profile_image_url: null,
      venue_id: venue.links,
      is_verified: true,
      version: 1,
    });
    const bella = (await vc.published('venues.coach.created')).find(
      (e) => (e.data as { coach_id: number }).coach_id === coach.bella,
    );
    expect(bella?.data).toMatchObject({ venue_id: venue.closed });
  });

  it('when the coach does not exist, then 404 Coach not found; when the id is no id, then 400', async () => {
    const missing = await vc.get('/coaches/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Coach not found', code: 'not_found' });
    for (const url of ['/coaches/abc', '/coaches/0', '/coaches/99999999999']) {
      expect((await vc.get(url)).statusCode, url).toBe(400);
    }
    for (const query of ['limit=0', 'limit=-1', 'limit=100000', 'offset=-1', 'limit=x']) {
      const res = await vc.get(`/coaches?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
  });

  it('when a coach is made with a venue that does not exist, then 422 and nothing is stored', async () => {
    const before = await Promise.all([vc.count('coaches'), vc.count('coach_venues'), vc.count('outbox')]);
    const res = await vc.internal('/internal/coaches', {
      first_name: 'Ghost',
      last_name: 'Coach',
      email: 'ghost@example.com',
      venue_ids: [venue.links, 987_654],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ venue_ids: 'Venue not found' });
    expect(await Promise.all([vc.count('coaches'), vc.count('coach_venues'), vc.count('outbox')])).toEqual(
      before,
    );
  });

  it('when a coach is made for an account that already has one, then 409 and nothing is stored', async () => {
    const before = await vc.count('coaches');
    const res = await vc.internal('/internal/coaches', {
      first_name: 'Carl',
      last_name: 'Again',
      email: 'carl2@example.com',
      user_id: 77,
    });
    expect(res.statusCode).toBe(409);
    expect(await vc.count('coaches')).toBe(before);
  });

  it('when the service token is missing, then making a coach is refused', async () => {
    const res = await vc.post('/internal/coaches', { first_name: 'A', last_name: 'B', email: 'a@b.co' });
    expect(res.statusCode).toBe(401);
  });

  describe('one primary venue per coach', () => {
    it('when a second primary link is written, then the database refuses it', async () => {
      const insert = vc.pool.query(
        'insert into coach_venues (coach_id, venue_id, is_primary) values ($1, $2, true)',
        [coach.zoe, venue.spare],
      );
      await expect(insert).rejects.toMatchObject({
        code: '23505',
        constraint: 'coach_venues_one_primary_key',
      });
      const promote = vc.pool.query(
        'update coach_venues set is_primary = true where coach_id = $1 and venue_id = $2',
        [coach.zoe, venue.range],
      );
      await expect(promote).rejects.toMatchObject({
        code: '23505',
        constraint: 'coach_venues_one_primary_key',
      });
      expect(await primaryRows(coach.zoe)).toEqual([venue.links]);
    });

    it('when the primary venue is switched, then the old one is unset, the new one set, and venues.coach.updated says so', async () => {
      const { coaches } = vc.modules();
      await coaches.setPrimaryVenue(coach.zoe, venue.range, {});
      expect(await primaryRows(coach.zoe)).toEqual([venue.range]);
      expect(await detail(coach.zoe)).toMatchObject({
        venue_id: venue.range,
        venue_name: 'Eastern Driving Range',
      });
      const updated = (await vc.published('venues.coach.updated')).filter(
        (e) => (e.data as { coach_id: number }).coach_id === coach.zoe,
      );
      expect(updated.map((e) => e.data)).toEqual([
        expect.objectContaining({ coach_id: coach.zoe, venue_id: venue.range, version: 2 }),
      ]);
      // Switching to what is already primary changes nothing.
      await coaches.setPrimaryVenue(coach.zoe, venue.range, {});
      expect(
        (await vc.published('venues.coach.updated')).filter(
          (e) => (e.data as { coach_id: number }).coach_id === coach.zoe,
        ),
      ).toHaveLength(1);
    });

    it('when switches of one coach race, then each takes its turn and one primary remains', async () => {
      const { coaches } = vc.modules();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          coaches.setPrimaryVenue(coach.zoe, i % 2 ? venue.links : venue.range, {}),
        ),
      );
      expect(await primaryRows(coach.zoe)).toHaveLength(1);
    });

    it('when the venue is not linked or the coach missing, then 404 and the primary stays', async () => {
      const { coaches } = vc.modules();
      const before = await primaryRows(coach.zoe);
      await expect(coaches.setPrimaryVenue(coach.zoe, venue.spare, {})).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(coaches.setPrimaryVenue(424_242, venue.spare, {})).rejects.toMatchObject({
        statusCode: 404,
        message: 'Coach not found',
      });
      expect(await primaryRows(coach.zoe)).toEqual(before);
    });

    it('when a coach without venues gets a link, then it becomes primary; a second link does not, unless asked', async () => {
      const { coaches } = vc.modules();
      const first = await coaches.linkVenue(coach.adam, venue.spare, {});
      expect(first.isPrimary).toBe(true);
      const second = await coaches.linkVenue(coach.adam, venue.links, {});
      expect(second.isPrimary).toBe(false);
      expect(await primaryRows(coach.adam)).toEqual([venue.spare]);
      const third = await coaches.linkVenue(coach.adam, venue.range, {}, { primary: true });
      expect(third.isPrimary).toBe(true);
      expect(await primaryRows(coach.adam)).toEqual([venue.range]);
      await expect(coaches.linkVenue(coach.adam, venue.range, {})).rejects.toMatchObject({ statusCode: 409 });
      await expect(coaches.linkVenue(coach.adam, 987_654, {})).rejects.toMatchObject({
        statusCode: 404,
        message: 'Venue not found',
      });
      expect(await primaryRows(coach.adam)).toEqual([venue.range]);
    });
  });

  it('when a coach is deleted, then the links go too and venues.coach.deleted carries the next version', async () => {
    const { coaches } = vc.modules();
    const doomed = await vc.importCoach({ first_name: 'Dora', venue_ids: [venue.links, venue.spare] });
    await coaches.setPrimaryVenue(doomed, venue.spare, {});
    expect(await coaches.remove(doomed, {})).toBe(true);
    expect(await coaches.remove(doomed, {})).toBe(false);
    expect((await vc.get(`/coaches/${doomed}`)).statusCode).toBe(404);
    expect((await vc.pool.query('select 1 from coach_venues where coach_id = $1', [doomed])).rowCount).toBe(
      0,
    );
    const deleted = (await vc.published('venues.coach.deleted')).map((e) => e.data);
    expect(deleted).toEqual([{ coach_id: doomed, version: 3 }]);
  });
});
