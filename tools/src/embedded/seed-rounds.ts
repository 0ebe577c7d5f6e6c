import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import {
  type CoursesReply,
  type GolfersReply,
  type ImportRoundsReply,
  latestRoundDay,
  type VenuesReply,
} from '@linksmate/proto';
import { typicalCourses } from './demo-courses';
import { DEMO_ACCOUNTS, DEMO_GOLFERS } from './demo-people';
import { type DemoGolfer, type DemoTee, demoRounds } from './demo-rounds';
import { DEMO_VENUES } from './demo-venues/index';
import { userIdOf } from './seed-directory';

/** The demo venues whose tees the season is played on: a dozen 18-hole courses. */
const COURSES_PLAYED = 12;

/**
 * Golfers the browser tests never sign in as (CONTRIBUTING "Browser tests"), who find a round
 * waiting for them to confirm: the first of each pair recorded it with the second's card.
 */
const WAITING_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['tom_v', 'layla_b'],
  ['priya_s', 'sam_k'],
];

/**
 * The demo's season of rounds (docs/product.md#rounds), once: every demo person with a handicap on
 * their profile gets rounds at demo venues' typical tees, so they have an index, and a few have a
 * round to confirm. events-bookings writes them in one insert per table and skips people who have
 * rounds already, so a second start changes nothing.
 */
export async function seedRounds(
  urls: { identity: string; venues: string; events: string },
  serviceToken: string,
  options: { token(email: string): Promise<string>; now?: Date },
): Promise<number> {
  const tees = await demoTees(urls.venues);
  const adminToken = await options.token('admin@linksmate.dev');
  const ids = new Map<string, number>();
  for (let page = 1; ; page++) {
    const response = await fetch(`${urls.identity}/golfers?page=${page}&limit=50`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.status !== 200) throw new Error(`Listing golfers failed: ${response.status}`);
    const body = (await response.json()) as GolfersReply;
    for (const g of body.users) ids.set(g.username, g.id);
    if (body.users.length < 50) break;
  }
  const golfers: DemoGolfer[] = [];
  for (const person of [...DEMO_ACCOUNTS, ...DEMO_GOLFERS]) {
    if (person.manual_handicap === null || person.manual_handicap === undefined) continue;
    const username = person.username ?? person.email;
    // The directory lists the golfers; the demo accounts are looked up by their own login. A golfer
    // it leaves out (the one the admin area bans) plays no season.
    const userId =
      ids.get(username) ??
      (DEMO_ACCOUNTS.includes(person) ? userIdOf(await options.token(person.email)) : undefined);
    if (userId !== undefined) golfers.push({ userId, username, handicap: person.manual_handicap });
  }
  const byName = new Map(golfers.map((g) => [g.username, g]));
  const waiting = WAITING_PAIRS.flatMap(([a, b]) => {
    const pair = [byName.get(a), byName.get(b)] as const;
    return pair[0] && pair[1] ? [[pair[0], pair[1]] as const] : [];
  });
  const rounds = demoRounds(golfers, waiting, tees, latestRoundDay(options.now ?? new Date()));
  const response = await fetch(`${urls.events}/internal/rounds/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: serviceToken },
    body: JSON.stringify({ rounds }),
  });
  if (response.status !== 201)
    throw new Error(`Importing the demo rounds failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as ImportRoundsReply).rounds;
}

/** The men's tee of the first 18-hole course of a dozen demo golf venues, as venues-coaches has them. */
async function demoTees(venuesUrl: string): Promise<DemoTee[]> {
  const response = await fetch(`${venuesUrl}/venues?limit=100`);
  if (response.status !== 200) throw new Error(`Listing venues failed: ${response.status}`);
  const listed = new Map(((await response.json()) as VenuesReply).venues.map((v) => [v.slug, v.id]));
  const played = DEMO_VENUES.filter(
    (venue) => typicalCourses(venue)[0]?.holes === 18 && listed.has(venue.slug),
  ).slice(0, COURSES_PLAYED);
  const tees = await Promise.all(
    played.map(async (venue) => {
      const reply = await fetch(`${venuesUrl}/venues/${listed.get(venue.slug)}/courses`);
      if (reply.status !== 200)
        throw new Error(`Reading the courses of ${venue.slug} failed: ${reply.status}`);
      const course = ((await reply.json()) as CoursesReply).courses.find((c) => c.holes === 18);
      return course?.tees.find((t) => t.gender === 'men');
    }),
  );
  return tees.filter((tee) => tee !== undefined);
}
