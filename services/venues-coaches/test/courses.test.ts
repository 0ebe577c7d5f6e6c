import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { COURSE_MESSAGES, type CourseBody, type TeeBody, VENUE_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN, startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

/** A championship layout: par 72 (4 par 3s, 4 par 5s), stroke indexes 1–18 once each. */
const PARS = [4, 5, 3, 4, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const INDEXES = [7, 11, 17, 1, 13, 5, 15, 9, 3, 8, 2, 18, 10, 4, 14, 16, 12, 6];

const tee = (overrides: Partial<TeeBody> = {}): TeeBody => ({
  name: 'Blue',
  gender: 'men',
  par: 72,
  course_rating: 72.4,
  slope_rating: 131,
  holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: INDEXES[i]! })),
  ...overrides,
});
const course = (overrides: Partial<CourseBody> = {}): CourseBody => ({
  name: 'West Course',
  holes: 18,
  tees: [tee(), tee({ name: 'Red', gender: 'women', course_rating: 74.9, slope_rating: 136 })],
  ...overrides,
});

describe('venues-coaches: a venue’s courses, tees and holes', () => {
  let venues: VenuesCoachesUnderTest;
  let siteAdmin: { id: number; token: string };
  let manager: { id: number; token: string };
  let otherManager: { id: number; token: string };
  let member: { id: number; token: string };
  let venueId: number;
  let otherVenueId: number;

  const admin = (path = '') => `/admin/venues/${venueId}/courses${path}`;
  const create = (body: CourseBody, token = siteAdmin.token) => venues.send('POST', admin(), token, body);

  beforeAll(async () => {
    venues = await startVenuesCoaches();
    siteAdmin = await venues.signedIn('site_admin');
    manager = await venues.signedIn('facility_admin');
    otherManager = await venues.signedIn('facility_admin');
    member = await venues.signedIn('member');
    venueId = (await venues.importVenue({ name: 'Royal Melbourne Golf Club', admin_user_ids: [manager.id] }))
      .id;
    otherVenueId = (
      await venues.importVenue({ name: 'Kingston Heath Golf Club', admin_user_ids: [otherManager.id] })
    ).id;
  });

  afterAll(() => venues?.close());

  describe('who may keep them', () => {
    it('when the venue’s facility admin adds a course, then it is saved and everyone reads it on the venue', async () => {
      const res = await create(course({ name: 'East Course' }), manager.token);
      expect(res.statusCode, res.body).toBe(201);
      const listed = await venues.get(`/venues/${venueId}/courses`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().courses.map((c: { name: string }) => c.name)).toContain('East Course');
    });

    it('when a facility admin of another venue reads, adds, changes or deletes its courses, then 403 and nothing changes', async () => {
      const made = (await create(course({ name: 'Composite' }))).json().course;
      const attempts = [
        venues.send('GET', admin(), otherManager.token),
        venues.send('POST', admin(), otherManager.token, course({ name: 'Sneaky' })),
        venues.send('PUT', admin(`/${made.id}`), otherManager.token, course({ name: 'Renamed' })),
        venues.send('DELETE', admin(`/${made.id}`), otherManager.token),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(VENUE_MESSAGES.notAllowed);
      }
      const names = (await venues.get(`/venues/${venueId}/courses`))
        .json()
        .courses.map((c: { name: string }) => c.name);
      expect(names).toContain('Composite');
      expect(names).not.toContain('Sneaky');
      expect(names).not.toContain('Renamed');
    });

    it('when a member calls the admin routes, then 403; when anyone asks for a venue that is not there, then 404', async () => {
      expect((await venues.send('GET', admin(), member.token)).statusCode).toBe(403);
      expect(
        (await venues.send('POST', admin(), member.token, course({ name: 'Member’s' }))).statusCode,
      ).toBe(403);
      const missing = await venues.send('POST', '/admin/venues/999999/courses', siteAdmin.token, course());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(VENUE_MESSAGES.notFound);
      expect((await venues.get('/venues/999999/courses')).statusCode).toBe(404);
    });

    it('when a facility admin changes a course of a venue they run through another venue’s path, then it is not found', async () => {
      const theirs = (
        await venues.send(
          'POST',
          `/admin/venues/${otherVenueId}/courses`,
          otherManager.token,
          course({ name: 'Heath' }),
        )
      ).json().course;
      const res = await venues.send('PUT', admin(`/${theirs.id}`), manager.token, course({ name: 'Heath' }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(COURSE_MESSAGES.notFound);
    });
  });

  describe('a tee saved with its holes', () => {
    it('when a course is saved, then its tees and holes read back as sent, in order', async () => {
      const res = await create(course({ name: 'Round Trip' }));
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json().course;
      expect(saved).toMatchObject({
        venue_id: venueId,
        name: 'Round Trip',
        holes: 18,
        typical_values: false,
      });
      expect(saved.tees).toHaveLength(2);
      expect(saved.tees[1]).toMatchObject({
        name: 'Red',
        gender: 'women',
        par: 72,
        course_rating: 74.9,
        slope_rating: 136,
      });
      expect(saved.tees[0].holes).toEqual(
        PARS.map((par, i) => ({ number: i + 1, par, stroke_index: INDEXES[i] })),
      );
      const read = (await venues.send('GET', admin(), manager.token))
        .json()
        .courses.find((c: { id: number }) => c.id === saved.id);
      expect(read).toEqual(saved);
    });

    it('when a course is saved again, then tees sent with their id keep it, new ones are added and those left out removed', async () => {
      const saved = (await create(course({ name: 'Edited' }))).json().course;
      const [blue, red] = saved.tees;
      const holes = blue.holes.map((h: { number: number; par: number; stroke_index: number }) =>
        h.number === 1 ? { ...h, par: 5 } : h,
      );
      const res = await venues.send('PUT', admin(`/${saved.id}`), manager.token, {
        name: 'Edited',
        holes: 18,
        tees: [
          { ...tee({ name: 'Blue', par: 73, course_rating: 73.1, holes }), id: blue.id },
          tee({ name: 'White', slope_rating: 125, course_rating: 70.2 }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const tees = res.json().course.tees;
      expect(tees.map((t: { name: string }) => t.name)).toEqual(['Blue', 'White']);
      expect(tees[0]).toMatchObject({ id: blue.id, par: 73, course_rating: 73.1 });
      expect(tees[0].holes[0]).toEqual({ number: 1, par: 5, stroke_index: INDEXES[0] });
      expect(tees[1].id).not.toBe(red.id);
    });

    it('when a tee of another course is sent by its id, then 422 names it and the course is unchanged', async () => {
      const one = (await create(course({ name: 'One' }))).json().course;
      const two = (await create(course({ name: 'Two' }))).json().course;
      const res = await venues.send('PUT', admin(`/${two.id}`), siteAdmin.token, {
        ...course({ name: 'Two' }),
        tees: [{ ...tee(), id: one.tees[0].id }],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'tees.0.id': COURSE_MESSAGES.teeUnknown });
    });

    it('when a course is deleted, then its tees go with it', async () => {
      const saved = (await create(course({ name: 'Short-lived' }))).json().course;
      const res = await venues.send('DELETE', admin(`/${saved.id}`), manager.token);
      expect(res.statusCode).toBe(200);
      const teeRes = await venues.app.inject({
        method: 'GET',
        url: `/internal/tees/${saved.tees[0].id}`,
        headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
      });
      expect(teeRes.statusCode).toBe(404);
      expect((await venues.send('DELETE', admin(`/${saved.id}`), manager.token)).statusCode).toBe(404);
    });

    it('when another service asks for a tee, then it gets the venue, the course and the tee with its holes', async () => {
      const saved = (await create(course({ name: 'For Rounds' }))).json().course;
      const res = await venues.app.inject({
        method: 'GET',
        url: `/internal/tees/${saved.tees[1].id}`,
        headers: { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        venue_id: venueId,
        venue_name: expect.any(String),
        course: { id: saved.id, name: 'For Rounds', holes: 18 },
        tee: saved.tees[1],
      });
      const asPerson = await venues.send('GET', `/internal/tees/${saved.tees[1].id}`, siteAdmin.token);
      expect(asPerson.statusCode).toBe(401);
    });
  });

  describe('the rules, each with its message (422, keyed by field)', () => {
    const refused = async (body: CourseBody) => {
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string>;
    };
    const holesWith = (i: number, change: Partial<{ par: number | null; stroke_index: number | null }>) =>
      tee().holes.map((hole, j) => (j === i ? { ...hole, ...change } : hole));

    it('when the slope is outside 55–155 or not whole, then its message', async () => {
      expect(await refused(course({ tees: [tee({ slope_rating: 54 })] }))).toEqual({
        'tees.0.slope_rating': COURSE_MESSAGES.slopeRange,
      });
      expect(await refused(course({ tees: [tee({ slope_rating: 156 })] }))).toEqual({
        'tees.0.slope_rating': COURSE_MESSAGES.slopeRange,
      });
      expect(await refused(course({ tees: [tee({ slope_rating: 120.5 })] }))).toEqual({
        'tees.0.slope_rating': COURSE_MESSAGES.slopeWhole,
      });
      expect(await refused(course({ tees: [tee({ slope_rating: null })] }))).toEqual({
        'tees.0.slope_rating': COURSE_MESSAGES.slopeRequired,
      });
    });

    it('when the course rating is more than 20 from par or finer than a tenth, then its message; 20 away is taken', async () => {
      expect(await refused(course({ tees: [tee({ course_rating: 92.1 })] }))).toEqual({
        'tees.0.course_rating': COURSE_MESSAGES.ratingNearPar,
      });
      expect(await refused(course({ tees: [tee({ course_rating: 71.45 })] }))).toEqual({
        'tees.0.course_rating': COURSE_MESSAGES.ratingOneDecimal,
      });
      expect((await create(course({ name: 'Brutal', tees: [tee({ course_rating: 92 })] }))).statusCode).toBe(
        201,
      );
    });

    it('when a stroke index is used twice, then both holes say so; out of 1–18, then its range', async () => {
      expect(await refused(course({ tees: [tee({ holes: holesWith(1, { stroke_index: 7 }) })] }))).toEqual({
        'tees.0.holes.0.stroke_index': COURSE_MESSAGES.strokeIndexRepeated(18),
        'tees.0.holes.1.stroke_index': COURSE_MESSAGES.strokeIndexRepeated(18),
      });
      expect(await refused(course({ tees: [tee({ holes: holesWith(3, { stroke_index: 19 }) })] }))).toEqual({
        'tees.0.holes.3.stroke_index': COURSE_MESSAGES.strokeIndexRange(18),
      });
    });

    it('when a hole’s par is outside 3–6 or the tee’s par is not their sum, then its message', async () => {
      expect(await refused(course({ tees: [tee({ holes: holesWith(2, { par: 2 }), par: 71 })] }))).toEqual({
        'tees.0.holes.2.par': COURSE_MESSAGES.holeParRange,
      });
      expect(await refused(course({ tees: [tee({ par: 70 })] }))).toEqual({
        'tees.0.par': COURSE_MESSAGES.parIsSumOfHoles,
      });
    });

    it('when a tee has the wrong number of holes, a name or gender missing, or a course name is blank or taken, then each message', async () => {
      expect(
        await refused(course({ tees: [tee({ holes: tee().holes.slice(0, 9), par: 36 })] })),
      ).toMatchObject({
        'tees.0.holes': COURSE_MESSAGES.holeCount(18),
      });
      expect(await refused(course({ name: '  ', tees: [tee({ name: '', gender: 'juniors' })] }))).toEqual({
        name: COURSE_MESSAGES.nameRequired,
        'tees.0.name': COURSE_MESSAGES.teeNameRequired,
        'tees.0.gender': COURSE_MESSAGES.genderInvalid,
      });
      expect(await refused(course({ name: 'x'.repeat(101) }))).toEqual({ name: COURSE_MESSAGES.nameTooLong });
      expect(await refused(course({ tees: [tee(), tee()] }))).toEqual({
        'tees.1.name': COURSE_MESSAGES.teeTaken,
      });
      expect(await refused(course({ tees: [] }))).toEqual({ tees: COURSE_MESSAGES.teesRequired });
      expect(await refused(course({ holes: 12 }))).toMatchObject({ holes: COURSE_MESSAGES.holesInvalid });
      await create(course({ name: 'Twice' }));
      expect(await refused(course({ name: 'twice' }))).toEqual({ name: COURSE_MESSAGES.nameTaken });
    });

    it('when a 9-hole course is saved, then its stroke indexes run 1–9', async () => {
      const nine = (indexes: number[]) =>
        course({
          name: 'Nine',
          holes: 9,
          tees: [
            tee({
              par: 36,
              course_rating: 35.2,
              holes: PARS.slice(0, 9).map((par, i) => ({ number: i + 1, par, stroke_index: indexes[i]! })),
            }),
          ],
        });
      expect(await refused(nine([1, 2, 3, 4, 5, 6, 7, 8, 10]))).toEqual({
        'tees.0.holes.8.stroke_index': COURSE_MESSAGES.strokeIndexRange(9),
      });
      expect((await create(nine([5, 1, 9, 3, 7, 2, 8, 4, 6]))).statusCode).toBe(201);
    });
  });
});
