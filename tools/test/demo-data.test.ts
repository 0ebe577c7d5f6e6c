import {
  AU_STATES,
  CLUB_AMENITIES,
  COACH_SPECIALTIES,
  COURSE_AMENITIES,
  COURSE_TYPES,
  courseErrors,
  DAYS,
  ImportCoachBody,
  ImportCoursesBody,
  ImportVenueBody,
  VENUE_TYPES,
  wallClockAt,
} from '@linksmate/proto';
import sharp from 'sharp';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { demoSchedule, demoVenueSun, demoVenueTimeZone, sunTimes } from '../src/embedded/demo-calendar';
import { DEMO_COACHES } from '../src/embedded/demo-coaches';
import { typicalCourses } from '../src/embedded/demo-courses';
import { DEMO_MEMBER_GAMES, DEMO_OFFICIAL_EVENTS } from '../src/embedded/demo-events';
import { sceneJpeg } from '../src/embedded/demo-media';
import { DEMO_PAST_EVENTS } from '../src/embedded/demo-past-events';
import { DEMO_VENUE_MEDIA, DEMO_VENUES } from '../src/embedded/demo-venues/index';
import { DEMO_ACCOUNTS, DEMO_GOLFERS } from '../src/embedded/seed';
import { DEMO_ANNOUNCEMENTS, DEMO_DIRECT_MESSAGES } from '../src/embedded/seed-messages';

/** Each state's postcodes and a box round its land (islands included), to catch a swapped digit. */
const STATES: Record<
  (typeof AU_STATES)[number],
  { postcode: RegExp; lat: [number, number]; lng: [number, number] }
> = {
  NSW: { postcode: /^2(?!6[0-1]|9[0-2])\d{3}$/, lat: [-37.6, -28.1], lng: [140.9, 153.7] },
  VIC: { postcode: /^3\d{3}$/, lat: [-39.2, -33.9], lng: [140.9, 150.0] },
  QLD: { postcode: /^4\d{3}$/, lat: [-29.2, -10.0], lng: [137.9, 153.6] },
  SA: { postcode: /^5\d{3}$/, lat: [-38.1, -25.9], lng: [129.0, 141.0] },
  WA: { postcode: /^6\d{3}$/, lat: [-35.2, -13.6], lng: [112.9, 129.0] },
  TAS: { postcode: /^7\d{3}$/, lat: [-43.7, -39.5], lng: [143.8, 148.5] },
  ACT: { postcode: /^(26\d{2}|29\d{2})$/, lat: [-35.93, -35.12], lng: [148.76, 149.4] },
  NT: { postcode: /^08\d{2}$/, lat: [-26.0, -10.9], lng: [129.0, 138.0] },
};

describe('demo venues', () => {
  it('when each venue’s typical course is made, then every golf course has one that passes the course rules, with a men’s and a women’s tee and the par of its kind', () => {
    const body = {
      venues: DEMO_VENUES.map((venue, i) => ({ venue_id: i + 1, courses: typicalCourses(venue) })),
    };
    expect([...Value.Errors(ImportCoursesBody, body)]).toEqual([]);
    const parOfKind: Record<string, number> = { championship: 72, resort: 72, private: 71, semi_private: 71 };
    for (const venue of DEMO_VENUES) {
      const courses = typicalCourses(venue);
      if (!venue.venue_type?.includes('golf_course')) {
        expect(courses, venue.slug).toEqual([]);
        continue;
      }
      expect(courses, venue.slug).toHaveLength(1);
      const [course] = courses;
      expect(courseErrors(course!), venue.slug).toEqual({});
      expect(
        course!.tees.map((t) => t.gender),
        venue.slug,
      ).toEqual(['men', 'women']);
      const par = course!.tees[0]!.par;
      if (course!.holes === 18) expect(par, venue.slug).toBe(parOfKind[venue.course_type ?? ''] ?? 70);
      else expect(par, venue.slug).toBe(venue.venue_type.includes('pitch_and_putt') ? 27 : 35);
      // Men's and women's tees rank the holes differently, as Australian cards do.
      expect(course!.tees[0]!.holes.map((h) => h.stroke_index)).not.toEqual(
        course!.tees[1]!.holes.map((h) => h.stroke_index),
      );
    }
    expect(typicalCourses(DEMO_VENUES[0]!)).toEqual(typicalCourses(DEMO_VENUES[0]!));
  });

  it('when counted, then there are at least 60 across all eight states and territories, three or more in each small one', () => {
    expect(DEMO_VENUES.length).toBeGreaterThanOrEqual(60);
    const perState = new Map<string, number>();
    for (const v of DEMO_VENUES) perState.set(v.state!, (perState.get(v.state!) ?? 0) + 1);
    expect([...perState.keys()].sort()).toEqual([...AU_STATES].sort());
    for (const state of ['TAS', 'ACT', 'NT']) expect(perState.get(state), state).toBeGreaterThanOrEqual(3);
  });

  it('when each venue is sent to the import call, then it is a valid body with its own slug and name', () => {
    for (const venue of DEMO_VENUES) {
      expect([...Value.Errors(ImportVenueBody, venue)], venue.slug).toEqual([]);
      expect(venue.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(COURSE_TYPES as readonly (string | null | undefined)[]).toContain(venue.course_type ?? 'public');
      expect(Object.keys(venue.business_hours ?? {}).sort(), venue.slug).toEqual([...DAYS].sort());
    }
    expect(new Set(DEMO_VENUES.map((v) => v.slug)).size).toBe(DEMO_VENUES.length);
    expect(new Set(DEMO_VENUES.map((v) => v.name)).size).toBe(DEMO_VENUES.length);
  });

  it("when a venue's postcode and coordinates are read, then they fall in its state", () => {
    for (const venue of DEMO_VENUES) {
      const state = STATES[venue.state!];
      expect(venue.postal_code, venue.slug).toMatch(state.postcode);
      expect(venue.suburb && venue.city && venue.region, venue.slug).toBeTruthy();
      // Both coordinates or neither: a venue we could not place well has none rather than a guess.
      expect(venue.lat == null, venue.slug).toBe(venue.lng == null);
      if (venue.lat == null || venue.lng == null) continue;
      expect(venue.lat, venue.slug).toBeGreaterThanOrEqual(state.lat[0]);
      expect(venue.lat, venue.slug).toBeLessThanOrEqual(state.lat[1]);
      expect(venue.lng, venue.slug).toBeGreaterThanOrEqual(state.lng[0]);
      expect(venue.lng, venue.slug).toBeLessThanOrEqual(state.lng[1]);
    }
    expect(DEMO_VENUES.filter((v) => v.lat != null).length).toBeGreaterThanOrEqual(40);
  });

  it('when the directory is filtered by any venue type or amenity, then some demo venue matches', () => {
    for (const type of VENUE_TYPES)
      expect(
        DEMO_VENUES.some((v) => v.venue_type.includes(type)),
        type,
      ).toBe(true);
    for (const amenity of COURSE_AMENITIES)
      expect(
        DEMO_VENUES.some((v) => v.course_amenities?.includes(amenity)),
        amenity,
      ).toBe(true);
    for (const amenity of CLUB_AMENITIES)
      expect(
        DEMO_VENUES.some((v) => v.club_amenities?.includes(amenity)),
        amenity,
      ).toBe(true);
    expect(DEMO_VENUES.some((v) => v.is_verified)).toBe(true);
    expect(DEMO_VENUES.some((v) => !v.is_verified)).toBe(true);
  });

  it('when the pictures are planned, then six or more venues have galleries, one a video, and most have no featured image', () => {
    const slugs = new Set(DEMO_VENUES.map((v) => v.slug));
    const planned = Object.entries(DEMO_VENUE_MEDIA);
    for (const [slug] of planned) expect(slugs, slug).toContain(slug);
    expect(planned.filter(([, p]) => p.gallery > 0).length).toBeGreaterThanOrEqual(6);
    expect(planned.filter(([, p]) => p.video)).toHaveLength(1);
    expect(planned.filter(([, p]) => p.featured).length).toBeLessThan(DEMO_VENUES.length / 2);
  });
});

describe('demo coaches', () => {
  it('when counted, then there are twelve or more, verified and not, available and not', () => {
    expect(DEMO_COACHES.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_COACHES.some((c) => c.is_verified)).toBe(true);
    expect(DEMO_COACHES.some((c) => !c.is_verified)).toBe(true);
    expect(DEMO_COACHES.some((c) => c.is_available_for_booking === false)).toBe(true);
    expect(new Set(DEMO_COACHES.map((c) => c.email)).size).toBe(DEMO_COACHES.length);
  });

  it('when each coach is sent to the import call, then it is a valid body teaching at demo venues', () => {
    const slugs = new Set(DEMO_VENUES.map((v) => v.slug));
    for (const { venues, account: _account, ...coach } of DEMO_COACHES) {
      expect([...Value.Errors(ImportCoachBody, { ...coach, venue_ids: [1] })], coach.email).toEqual([]);
      for (const s of coach.specialties ?? []) expect(COACH_SPECIALTIES as readonly string[]).toContain(s);
      expect(coach.certifications?.length, coach.email).toBeGreaterThan(0);
      expect(venues.length, coach.email).toBeGreaterThan(0);
      for (const slug of venues) expect(slugs, coach.email).toContain(slug);
      expect(Object.keys(coach.availability_schedule ?? {}).sort()).toEqual([...DAYS].sort());
    }
    for (const specialty of COACH_SPECIALTIES)
      expect(
        DEMO_COACHES.some((c) => c.specialties?.includes(specialty)),
        specialty,
      ).toBe(true);
  });

  it('when the demo coach and the demo coach admin log in, then each owns the one coach profile in their name', () => {
    const owned = DEMO_COACHES.filter((c) => c.account);
    expect(owned.map((c) => c.account).sort()).toEqual(['academy@linksmate.dev', 'coach@linksmate.dev']);
    for (const coach of owned) {
      const account = DEMO_ACCOUNTS.find((a) => a.email === coach.account);
      expect(['coach', 'coach_admin']).toContain(account?.role);
      expect([coach.first_name, coach.last_name]).toEqual([account!.first_name, account!.last_name]);
    }
  });
});

describe('demo pictures', () => {
  it('when a scene is drawn, then it is a JPEG of the asked size, the same for a seed and different across seeds', async () => {
    const one = await sceneJpeg({ seed: 'a', scenery: 'links', width: 640, height: 400 });
    const again = await sceneJpeg({ seed: 'a', scenery: 'links', width: 640, height: 400 });
    const other = await sceneJpeg({ seed: 'b', scenery: 'links', width: 640, height: 400 });
    expect(await sharp(one).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 400 });
    expect(one.equals(again)).toBe(true);
    expect(one.equals(other)).toBe(false);
  });
});

describe('demo events', () => {
  const people = new Map([...DEMO_ACCOUNTS, ...DEMO_GOLFERS].map((p) => [p.email, p]));
  /** Who may ask to join or wait for a seat: members with a membership, coaches and admins. */
  const gated = (email: string) => {
    const person = people.get(email);
    return !!person && (person.role !== 'member' || person.membership === 'annual');
  };

  it('when the list is filtered by type or venue, then both types and many venues have upcoming events', () => {
    expect(DEMO_OFFICIAL_EVENTS.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_MEMBER_GAMES.length).toBeGreaterThanOrEqual(12);
    const venues = new Set([...DEMO_OFFICIAL_EVENTS, ...DEMO_MEMBER_GAMES].map((e) => e.venue));
    expect(venues.size).toBeGreaterThanOrEqual(8);
    const slugs = new Set(DEMO_VENUES.map((v) => v.slug));
    for (const venue of venues) expect(slugs, venue).toContain(venue);
    for (const e of [...DEMO_OFFICIAL_EVENTS, ...DEMO_MEMBER_GAMES])
      expect(e.inDays, e.title).toBeGreaterThan(0);
    const titles = [...DEMO_OFFICIAL_EVENTS, ...DEMO_MEMBER_GAMES].map((e) => e.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('when rounds already played are read, then they are past, at demo venues, with known people and never overfull', () => {
    const slugs = new Set(DEMO_VENUES.map((v) => v.slug));
    const titles = new Set([...DEMO_OFFICIAL_EVENTS, ...DEMO_MEMBER_GAMES].map((e) => e.title));
    expect(DEMO_PAST_EVENTS.filter((e) => !e.official).length).toBeGreaterThanOrEqual(2);
    for (const e of DEMO_PAST_EVENTS) {
      expect(e.daysAgo, e.title).toBeGreaterThan(1);
      expect(slugs, e.title).toContain(e.venue);
      expect(titles, e.title).not.toContain(e.title);
      expect(e.played.length, e.title).toBeLessThanOrEqual(e.capacity);
      for (const email of [e.creator, ...e.played, ...(e.rejected ?? [])])
        expect(people.has(email), `${e.title}: ${email}`).toBe(true);
      for (const email of e.rejected ?? []) expect(e.played, e.title).not.toContain(email);
    }
    expect(DEMO_PAST_EVENTS.some((e) => e.rejected?.includes('olivia@linksmate.dev'))).toBe(true);
  });

  it('when official events are read, then some are free and some paid with two or three ticket types in cents', () => {
    expect(DEMO_OFFICIAL_EVENTS.some((e) => e.price === 0 && !e.ticketTypes?.length)).toBe(true);
    const paid = DEMO_OFFICIAL_EVENTS.filter((e) => e.price > 0);
    expect(paid.length).toBeGreaterThanOrEqual(3);
    for (const e of paid) {
      expect(e.ticketTypes?.length, e.title).toBeGreaterThanOrEqual(2);
      expect(e.ticketTypes!.length, e.title).toBeLessThanOrEqual(3);
      for (const t of e.ticketTypes!) expect(Number.isInteger(t.price_per_ticket), e.title).toBe(true);
    }
    expect(
      paid
        .flatMap((e) => e.ticketTypes!)
        .some((t) => t.name === 'Member + Guest' && t.price_per_ticket === 8000),
    ).toBe(true);
  });

  it("when member games are read, then olivia's have requests waiting, seats vary, one is full with a waitlist and one has a handicap range", () => {
    for (const e of [...DEMO_OFFICIAL_EVENTS, ...DEMO_MEMBER_GAMES]) {
      for (const email of e.confirmed ?? []) expect(people.has(email), `${e.title}: ${email}`).toBe(true);
      expect((e.confirmed ?? []).length, e.title).toBeLessThanOrEqual(e.capacity);
    }
    for (const g of DEMO_MEMBER_GAMES) {
      expect(gated(g.creator), g.creator).toBe(true);
      for (const email of [...(g.pending ?? []), ...(g.waitlist ?? [])]) {
        expect(gated(email), `${g.title}: ${email}`).toBe(true);
        expect(g.confirmed ?? [], `${g.title}: ${email}`).not.toContain(email);
        expect(email, g.title).not.toBe(g.creator);
      }
      // A waitlist only where the game is full.
      if (g.waitlist?.length) expect(g.confirmed?.length, g.title).toBe(g.capacity);
    }
    const olivias = DEMO_MEMBER_GAMES.filter((g) => g.creator === 'olivia@linksmate.dev');
    expect(olivias.filter((g) => g.pending?.length).length).toBeGreaterThanOrEqual(2);
    const fill = new Set(DEMO_MEMBER_GAMES.map((g) => (g.confirmed ?? []).length / g.capacity));
    expect(fill.size).toBeGreaterThanOrEqual(4);
    expect(DEMO_MEMBER_GAMES.some((g) => g.waitlist?.length)).toBe(true);
    expect(DEMO_MEMBER_GAMES.some((g) => g.minHandicap !== undefined && g.maxHandicap !== undefined)).toBe(
      true,
    );
    expect(DEMO_MEMBER_GAMES.some((g) => g.price)).toBe(true);
  });
});

describe('demo calendar', () => {
  const events = [
    ...DEMO_OFFICIAL_EVENTS.map((e) => ({ ...e, days: e.inDays })),
    ...DEMO_MEMBER_GAMES.map((e) => ({ ...e, days: e.inDays })),
    ...DEMO_PAST_EVENTS.map((e) => ({ ...e, days: -e.daysAgo })),
  ];
  /**
   * Seeding moments at several UTC hours: every day of a fortnight spanning the start of daylight
   * saving (4 October 2026), and the 1st and 16th of every month, so each season and month is met.
   */
  const seedingDays = Array.from({ length: 14 }, (_, i) => Date.UTC(2026, 8, 27 + i))
    .flatMap((midnight) => [0, 9, 14, 23].map((hour) => new Date(midnight + hour * 3_600_000)))
    .concat(
      Array.from({ length: 12 }, (_, month) => [Date.UTC(2026, month, 1), Date.UTC(2026, month, 16)])
        .flat()
        .flatMap((midnight) => [0, 14].map((hour) => new Date(midnight + hour * 3_600_000))),
    );

  const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  /** What a title or description promises about the day, read independently of the plan's weekdays. */
  const promisedDays = (text: string): number[] | undefined => {
    const named = WEEKDAY_NAMES.findIndex((day) => new RegExp(`\\b${day}`, 'i').test(text));
    if (named !== -1) return [named];
    if (/weekend/i.test(text)) return [0, 6];
    if (/midweek/i.test(text)) return [2, 3, 4];
    if (/after work|before work|weekday/i.test(text)) return [1, 2, 3, 4, 5];
    return undefined;
  };
  /**
   * What it promises about the local start, in minutes after midnight: [earliest, latest]. The sun's
   * words go by that day's sun: a sunrise round starts as it rises, a twilight nine early enough to
   * finish in the light, a round 'at dusk' or 'sunset' ends as the sun sets.
   */
  const promisedStart = (
    text: string,
    sun: { rise: number; set: number },
    hours: number,
  ): [number, number] => {
    if (/sunrise|dawn/i.test(text)) return [sun.rise - 10, sun.rise + 45];
    if (/sunset|dusk/i.test(text)) return [sun.set - hours * 60 - 30, sun.set - hours * 60 + 30];
    if (/twilight/i.test(text)) return [sun.set - 3 * 60, sun.set - 90];
    if (/evening|after work/i.test(text)) return [16 * 60, 17 * 60];
    if (/early|before work|first off/i.test(text)) return [6 * 60 + 30, 7 * 60 + 30];
    if (/morning/i.test(text)) return [6 * 60 + 30, 11 * 60 + 59];
    if (/afternoon/i.test(text)) return [12 * 60, 17 * 60];
    return [6 * 60 + 30, 17 * 60];
  };
  /** The southern hemisphere's seasons by month (1 January … 12 December). */
  const SEASONS: Record<string, number[]> = {
    summer: [12, 1, 2],
    autumn: [3, 4, 5],
    fall: [3, 4, 5],
    winter: [6, 7, 8],
    spring: [9, 10, 11],
  };
  const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  /** The months a text's seasons and month names allow (every month when it names none). */
  const promisedMonths = (text: string): number[] => {
    const allowed = [
      ...Object.entries(SEASONS)
        .filter(([season]) => new RegExp(`\\b${season}\\b`, 'i').test(text))
        .map(([, months]) => months),
      ...MONTHS.flatMap((name, i) => (new RegExp(`\\b${name}\\b`).test(text) ? [[i + 1]] : [])),
    ];
    return allowed.reduce(
      (all, months) => all.filter((m) => months.includes(m)),
      MONTHS.map((_, i) => i + 1),
    );
  };
  const minutesOf = (instant: Date, timeZone: string) => {
    const local = wallClockAt(instant, timeZone);
    return local.hour * 60 + local.minute;
  };

  it("when a venue's clock is read, then it is its state's: Melbourne for Royal Melbourne, Perth for Royal Perth", () => {
    expect(demoVenueTimeZone('royal-melbourne-golf-club')).toBe('Australia/Melbourne');
    expect(demoVenueTimeZone('royal-perth-golf-club')).toBe('Australia/Perth');
    expect(demoVenueTimeZone('royal-queensland-golf-club')).toBe('Australia/Brisbane');
    expect(demoVenueTimeZone('kooyonga-golf-club')).toBe('Australia/Adelaide');
  });

  it("when Perth's sun is reckoned at the solstices, then it rises and sets as the almanac says, within five minutes", () => {
    const perth = { lat: -31.95, lng: 115.86 };
    const clock = (instant: Date) => minutesOf(instant, 'Australia/Perth');
    const june = sunTimes({ year: 2026, month: 6, day: 21 }, perth);
    const december = sunTimes({ year: 2026, month: 12, day: 21 }, perth);
    // The almanac: 7:16 am and 5:20 pm in June, 5:09 am and 7:21 pm in December (AWST).
    expect(Math.abs(clock(june.sunrise) - (7 * 60 + 16))).toBeLessThanOrEqual(5);
    expect(Math.abs(clock(june.sunset) - (17 * 60 + 20))).toBeLessThanOrEqual(5);
    expect(Math.abs(clock(december.sunrise) - (5 * 60 + 9))).toBeLessThanOrEqual(5);
    expect(Math.abs(clock(december.sunset) - (19 * 60 + 21))).toBeLessThanOrEqual(5);
  });

  it('when the demo is seeded on any day of the year, then every event tees off at a sane local hour, on the day, hour, season and month its title and description promise', () => {
    for (const seedingDay of seedingDays)
      for (const e of events) {
        const { start, end } = demoSchedule(seedingDay, e, e.days);
        const timeZone = demoVenueTimeZone(e.venue);
        const local = wallClockAt(start, timeZone);
        const minutes = local.hour * 60 + local.minute;
        const what = `${e.title} seeded ${seedingDay.toISOString()}: ${local.year}-${local.month}-${local.day} (${local.weekday}) ${local.hour}:${local.minute}`;
        // Clock tees lie between 6:30 am and 5 pm; the sun's move with it, from 5 am to 6 pm.
        expect(minutes, what).toBeGreaterThanOrEqual(5 * 60);
        expect(minutes, what).toBeLessThanOrEqual(18 * 60);
        expect(local.minute % 5, what).toBe(0);
        const text = `${e.title} ${e.description}`;
        const sun = demoVenueSun(e.venue, local);
        const [earliest, latest] = promisedStart(
          text,
          { rise: minutesOf(sun.sunrise, timeZone), set: minutesOf(sun.sunset, timeZone) },
          e.hours,
        );
        expect(minutes, what).toBeGreaterThanOrEqual(earliest);
        expect(minutes, what).toBeLessThanOrEqual(latest);
        const days = promisedDays(text);
        if (days) expect(days, what).toContain(local.weekday);
        expect(promisedMonths(text), what).toContain(local.month);
        // Upcoming events lie ahead of the seeding (at least a day), rounds already played behind it.
        if (e.days > 0) expect(start.getTime() - seedingDay.getTime(), what).toBeGreaterThan(86_400_000);
        else expect(end.getTime(), what).toBeLessThan(seedingDay.getTime());
      }
  });

  it('when a text names a season, a month or a day, then the reading of it is the calendar’s: Winter is June to August, Midweek Nine a Wednesday', () => {
    expect(promisedMonths('Queensland Winter Open Day')).toEqual([6, 7, 8]);
    expect(promisedMonths('Spring Stableford in October')).toEqual([10]);
    expect(promisedMonths('Summer Cup in March')).toEqual([]);
    expect(promisedMonths('You may bring a guest')).toHaveLength(12);
    expect(promisedDays('Midweek Nine: nine holes on Wednesday afternoon')).toEqual([3]);
    expect(promisedDays('Friday Night Lights')).toEqual([5]);
  });

  it('when announcements are sent on any day of the year, then none names a season or month the day is not in', () => {
    for (const seedingDay of seedingDays) {
      const { month } = wallClockAt(seedingDay, 'Australia/Sydney');
      for (const text of DEMO_ANNOUNCEMENTS) expect(promisedMonths(text), text).toContain(month);
    }
  });

  it("when Jack asks Olivia about Saturday, then her reply names her Saturday game's tee time", () => {
    const game = DEMO_MEMBER_GAMES.find((g) => g.title === "Olivia's Saturday Stableford")!;
    expect(game.weekdays).toEqual([6]);
    const reply = DEMO_DIRECT_MESSAGES.find((m) => /tee time/i.test(m.content))!;
    expect(reply.content).toContain(`${String(game.tee).replace(/^0/, '')} at Royal Melbourne`);
  });
});
