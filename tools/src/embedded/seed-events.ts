import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type {
  CoachesReply,
  Event,
  EventsReply,
  GolfersReply,
  ImportEventBody,
  VenueReply,
} from '@linksmate/proto';
import { demoSchedule } from './demo-calendar';
import { DEMO_MEMBER_GAMES, DEMO_OFFICIAL_EVENTS } from './demo-events';
import { DEMO_PAST_EVENTS } from './demo-past-events';
import { inParallel, userIdOf } from './seed-directory';

const PAGE = 100;
/** How long a call waits for what other services' events will tell events-bookings (venues, people, memberships). */
const PROJECTION_WAIT_MS = 20_000;

export interface EventsSeedOptions {
  /** A demo person's token, from a login of identity's own made now (its claims are current). */
  login(email: string): Promise<string>;
  /** A demo person's token, from a login seeding may share between its steps; `login` when not given. */
  token?(email: string): Promise<string>;
  /** For the rounds already played, which only events-bookings' import route (`/internal/events`) takes. */
  serviceToken: string;
}

/** Titles of every event events-bookings lists, past ones included. */
async function listedTitles(eventsUrl: string): Promise<Set<string>> {
  const titles = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const response = await fetch(`${eventsUrl}/events?include_past=true&limit=${PAGE}&offset=${offset}`);
    if (response.status !== 200)
      throw new Error(`Listing events failed: ${response.status} ${await response.text()}`);
    const { events } = (await response.json()) as EventsReply;
    for (const e of events) titles.add(e.title);
    if (events.length < PAGE) return titles;
  }
}

const DAY_MS = 86_400_000;

/**
 * The demo calendar through events-bookings' own API: official events by the admin
 * (`POST /events/linksmate` with their ticket types), member games by their creators
 * (`POST /member-games`), seats given by the admin (`POST /admin/events/{id}/add-user`), join
 * requests and waitlist places by the members themselves. An event whose title is already listed
 * is left as it is, so running it again changes nothing. The public API refuses a start in the
 * past, so rounds already played come in whole, with who played, through the import route.
 */
export async function seedEvents(
  urls: { events: string; venues: string; identity: string },
  options: EventsSeedOptions,
): Promise<number> {
  const existing = await listedTitles(urls.events);
  const officials = DEMO_OFFICIAL_EVENTS.filter((e) => !existing.has(e.title));
  const games = DEMO_MEMBER_GAMES.filter((g) => !existing.has(g.title));
  const played = DEMO_PAST_EVENTS.filter((p) => !existing.has(p.title));
  if (officials.length === 0 && games.length === 0 && played.length === 0) return 0;

  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (email: string, fresh = false) => {
    if (fresh || !tokens.has(email))
      tokens.set(email, fresh || !options.token ? options.login(email) : options.token(email));
    return tokens.get(email)!;
  };
  // Every login wanted, at once: each costs identity a password hash.
  const signedIn = new Set([
    'admin@linksmate.dev',
    ...games.flatMap((g) => [g.creator, ...(g.pending ?? []), ...(g.waitlist ?? [])]),
  ]);
  await Promise.all([...signedIn].map((email) => tokenOf(email)));
  const adminToken = await tokenOf('admin@linksmate.dev');

  const venueIds = new Map<string, number>();
  for (const slug of new Set([...officials, ...games, ...played].map((e) => e.venue))) {
    const response = await fetch(`${urls.venues}/venues/slug/${slug}`);
    if (response.status !== 200) throw new Error(`Demo venue ${slug} is missing: ${response.status}`);
    venueIds.set(slug, ((await response.json()) as VenueReply).venue.id);
  }
  // Coaches by name, for the events a demo coach runs (their coach admin looks after those).
  const coachIds = new Map<string, number>();
  if ([...officials, ...played].some((e) => e.coach)) {
    const response = await fetch(`${urls.venues}/coaches?limit=100`);
    if (response.status !== 200) throw new Error(`Listing coaches failed: ${response.status}`);
    for (const c of ((await response.json()) as CoachesReply).coaches)
      coachIds.set(`${c.first_name} ${c.last_name}`, c.id);
  }
  const coachOf = (name: string | undefined) => {
    if (!name) return {};
    const id = coachIds.get(name);
    if (!id) throw new Error(`Demo coach ${name} is missing`);
    return { coach_profile_id: id };
  };
  // People by e-mail: the golfers list gives ids without a login per person.
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
  const idOf = async (email: string) => {
    const local = email.split('@')[0]!;
    const username = email.endsWith('@golfers.linksmate.dev') ? local : undefined;
    return (username && ids.get(username)) || userIdOf(await tokenOf(email));
  };

  /**
   * One call as `email`, again while events-bookings has not yet heard of the venue, the person or
   * their membership (the other services' events are on their way); a 402 asks for a fresh token.
   */
  const call = async <T>(
    email: string,
    method: string,
    path: string,
    body: unknown,
    what: string,
  ): Promise<T> => {
    const deadline = Date.now() + PROJECTION_WAIT_MS;
    for (let fresh = false; ; ) {
      const response = await fetch(`${urls.events}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await tokenOf(email, fresh)}`,
        },
        body: JSON.stringify(body),
      });
      if (response.status === 200 || response.status === 201) return (await response.json()) as T;
      const text = await response.text();
      const waiting =
        response.status === 402 ||
        response.status === 404 ||
        (response.status === 422 && /not found/i.test(text));
      if (!waiting || Date.now() > deadline) throw new Error(`${what} failed: ${response.status} ${text}`);
      fresh = response.status === 402;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const seat = async (eventId: number, email: string, title: string) =>
    call(
      'admin@linksmate.dev',
      'POST',
      `/admin/events/${eventId}/add-user`,
      { user_id: await idOf(email) },
      `Seating ${email} at ${title}`,
    );

  const today = new Date();
  let made = 0;
  // A few events at a time: each call is its own transaction, so one at a time leaves the service idle.
  await inParallel(officials, 4, async (e) => {
    const { start, end } = demoSchedule(today, e, e.inDays);
    const { event } = await call<{ event: Event }>(
      'admin@linksmate.dev',
      'POST',
      '/events/linksmate',
      {
        title: e.title,
        description: e.description,
        venue_id: venueIds.get(e.venue),
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        capacity: e.capacity,
        price_per_participant: e.price,
        currency: 'AUD',
        ...coachOf(e.coach),
        // An official event needs a slot type: a free one has a single free admission.
        ticket_types: e.ticketTypes ?? [
          { name: 'General Admission', description: 'Free entry', price_per_ticket: 0, currency: 'AUD' },
        ],
      },
      `Creating ${e.title}`,
    );
    made++;
    for (const email of e.confirmed ?? []) await seat(event.id, email, e.title);
  });
  await inParallel(games, 4, async (g) => {
    const { start, end } = demoSchedule(today, g, g.inDays);
    const event = await call<Event>(
      g.creator,
      'POST',
      '/member-games',
      {
        title: g.title,
        description: g.description,
        venue_id: venueIds.get(g.venue),
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        capacity: g.capacity,
        price_per_participant: g.price ?? 0,
        currency: 'AUD',
        ...(g.price ? { payment_method: g.paymentMethod ?? 'pay_at_venue' } : {}),
        ...(g.minHandicap === undefined ? {} : { min_handicap: g.minHandicap }),
        ...(g.maxHandicap === undefined ? {} : { max_handicap: g.maxHandicap }),
        ...(g.minSkillLevel ? { min_skill_level: g.minSkillLevel } : {}),
      },
      `Creating ${g.title}`,
    );
    made++;
    for (const email of g.confirmed ?? []) await seat(event.id, email, g.title);
    for (const email of g.pending ?? [])
      await call(
        email,
        'POST',
        `/events/${event.id}/join`,
        { notes: 'Keen to play!' },
        `${email} asking to join ${g.title}`,
      );
    for (const email of g.waitlist ?? [])
      await call(email, 'POST', `/events/${event.id}/waitlist`, {}, `${email} waiting for ${g.title}`);
  });
  await inParallel(played, 4, async (p) => {
    const { start, end } = demoSchedule(today, p, -p.daysAgo);
    const daysBefore = (days: number) => new Date(start.getTime() - days * DAY_MS).toISOString();
    const body: ImportEventBody = {
      event_type: p.official ? 'linksmate_event' : 'member_game',
      title: p.title,
      description: p.description,
      venue_id: venueIds.get(p.venue)!,
      creator_user_id: await idOf(p.creator),
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      capacity: p.capacity,
      ...coachOf(p.coach),
      price_per_participant: p.price ?? 0,
      currency: 'AUD',
      ...(p.price ? { payment_method: 'pay_at_venue' as const } : {}),
      // Booked a week or so before the day, as people do.
      bookings: [
        ...(await Promise.all(
          p.played.map(async (email, i) => ({
            user_id: await idOf(email),
            status: 'confirmed' as const,
            booked_at: daysBefore(9 - i),
          })),
        )),
        ...(await Promise.all(
          (p.rejected ?? []).map(async (email) => ({
            user_id: await idOf(email),
            status: 'rejected' as const,
            notes: 'Keen to play!',
            booked_at: daysBefore(2),
          })),
        )),
      ],
    };
    const deadline = Date.now() + PROJECTION_WAIT_MS;
    for (;;) {
      const response = await fetch(`${urls.events}/internal/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: options.serviceToken },
        body: JSON.stringify(body),
      });
      if (response.status === 201) break;
      const text = await response.text();
      // The venue or a person not heard of yet: their events are on their way.
      if (response.status !== 422 || Date.now() > deadline)
        throw new Error(`Bringing in ${p.title} failed: ${response.status} ${text}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    made++;
  });
  return made;
}
