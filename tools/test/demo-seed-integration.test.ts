import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmptyTestDatabase, eventually, type TestDatabase } from '@linksmate/platform/testing';
import type {
  AnnouncementsReply,
  BookingsReply,
  CoachesReply,
  ConversationsReply,
  EventMessagesReply,
  EventsReply,
  MyGamesReply,
  ResultsReply,
  VenueReply,
  VenuesReply,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COACHES } from '../src/embedded/demo-coaches';
import { DEMO_MEMBER_GAMES, DEMO_OFFICIAL_EVENTS } from '../src/embedded/demo-events';
import { DEMO_PAST_EVENTS } from '../src/embedded/demo-past-events';
import { DEMO_VENUE_MEDIA, DEMO_VENUES } from '../src/embedded/demo-venues/index';
import { DEMO_GOLFERS, DEMO_PASSWORD } from '../src/embedded/seed';
import { DEMO_ANNOUNCEMENTS, DEMO_DIRECT_MESSAGES, DEMO_EVENT_CHAT } from '../src/embedded/seed-messages';
import { DEMO_RESULTS } from '../src/embedded/seed-results';
import { type DatabaseProvider, type RunningStack, startStack } from '../src/embedded/stack';

/**
 * The whole platform started twice on the same databases and data folder, as two `make run`s on
 * one machine: the first seeds the demo directory, the second finds it all there.
 */
describe('demo directory seeding', () => {
  const databases = new Map<string, TestDatabase>();
  /**
   * The services' databases, made once and kept across both starts; each start is told which it
   * made, as the embedded PostgreSQL tells it (the first start draws the pictures before seeding).
   */
  const sameDatabases: DatabaseProvider = async (names) => {
    const created: string[] = [];
    for (const name of names) {
      if (databases.has(name)) continue;
      databases.set(name, await createEmptyTestDatabase(`seed_${name}`));
      created.push(name);
    }
    return { urlFor: (name) => databases.get(name)!.url, created, stop: async () => {} };
  };
  let dataDir: string;
  let first: RunningStack['seeded'];
  let stack: RunningStack | undefined;

  const start = () =>
    startStack({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { databases: sameDatabases });
  const api = async <T>(path: string, token?: string): Promise<T> => {
    const response = await fetch(`${stack!.url}/api/v1${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  /** What a visitor sees of the directory: every venue with its picture and gallery, and the coaches. */
  const directory = async () => {
    const { venues } = await api<VenuesReply>('/venues?limit=100');
    const { coaches } = await api<CoachesReply>('/coaches?limit=100');
    return {
      venues: venues.map((v) => [v.slug, v.featured_image_url, v.gallery_count]).sort(),
      coaches: coaches.map((c) => [c.email, c.venue_name, c.user_id]).sort(),
      events: (await api<EventsReply>('/events?limit=100')).events
        .map((e) => [e.title, e.current_participant_count, e.waitlist_count])
        .sort(),
    };
  };

  const signIn = async (email: string): Promise<string> => {
    const login = await fetch(`${stack!.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(login.status, email).toBe(200);
    return ((await login.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linksmate-seed-'));
    stack = await start();
    first = stack.seeded;
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await Promise.all([...databases.values()].map((d) => d.drop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the platform starts on empty databases, then every demo venue, coach, picture and event is made, and seeding ends (how fast is for the bench to say; this only catches a stall)', () => {
    const pictures = Object.values(DEMO_VENUE_MEDIA).reduce(
      (n, p) => n + (p.featured ? 1 : 0) + p.gallery + (p.video ? 1 : 0),
      0,
    );
    expect(first).toMatchObject({
      venues: DEMO_VENUES.length,
      coaches: DEMO_COACHES.length,
      uploads: pictures,
      courses: DEMO_VENUES.filter((v) => v.venue_type?.includes('golf_course')).length,
    });
    // A season for each demo person with a handicap, and a round waiting for two of them.
    expect(first.rounds).toBeGreaterThan(12 * DEMO_GOLFERS.filter((g) => g.manual_handicap !== null).length);
    expect(first.seconds).toBeLessThan(60);
  });

  it('when the events list is filtered by type or venue, then each filter shows demo events with their seats, requests and waitlist', async () => {
    expect(first.events).toBe(
      DEMO_OFFICIAL_EVENTS.length + DEMO_MEMBER_GAMES.length + DEMO_PAST_EVENTS.length,
    );
    const all = await api<EventsReply>('/events?limit=100');
    expect(all.count).toBe(DEMO_OFFICIAL_EVENTS.length + DEMO_MEMBER_GAMES.length);
    for (const type of ['linksmate_event', 'member_game']) {
      const { events } = await api<EventsReply>(`/events?event_type=${type}&limit=100`);
      expect(events.length, type).toBeGreaterThan(0);
      expect(new Set(events.map((e) => e.event_type))).toEqual(new Set([type]));
    }
    const venues = new Set(all.events.map((e) => e.venue_id));
    expect(venues.size).toBeGreaterThanOrEqual(8);
    for (const venueId of venues) {
      const { events } = await api<EventsReply>(`/events?venue_id=${venueId}`);
      expect(events.length, String(venueId)).toBeGreaterThan(0);
    }
    const skins = all.events.find((e) => e.title === 'The Lakes Skins Game')!;
    expect(skins).toMatchObject({ current_participant_count: 4, capacity: 4, waitlist_count: 2 });
    expect(all.events.find((e) => e.title === 'Low Markers Medal Round')).toMatchObject({
      min_handicap: 0,
      max_handicap: 18,
      current_participant_count: 1,
    });
  });

  it('when olivia opens her games and bookings, then rounds already played are there, past, with who played, and a turned-down request', async () => {
    const olivia = await signIn('olivia@linksmate.dev');
    const now = Date.now();
    const { events: games } = await api<MyGamesReply>('/member-games/my-created?limit=50', olivia);
    const past = games.filter((g) => new Date(g.end_time ?? g.start_time).getTime() < now);
    expect(past.map((g) => g.title).sort()).toEqual(['Albert Park Early Nine', 'Stableford at The Lakes']);
    expect(past.find((g) => g.title === 'Stableford at The Lakes')).toMatchObject({
      current_participant_count: 3,
      capacity: 4,
    });
    const { bookings: rejected } = await api<BookingsReply>('/bookings/my?status=rejected', olivia);
    expect(rejected.map((b) => b.event_title)).toEqual(['Moore Park Sunset Scramble']);
    const { bookings: confirmed } = await api<BookingsReply>(
      '/bookings/my?status=confirmed&limit=50',
      olivia,
    );
    expect(confirmed.map((b) => b.event_title)).toEqual(
      expect.arrayContaining(['Kingston Heath Match Play', 'LinksMate Cup at Royal Sydney']),
    );
  });

  it('when olivia opens Messages, then her conversations, an event chat with unread messages and the announcements are there', async () => {
    expect(first.messages).toBe(
      DEMO_ANNOUNCEMENTS.length + DEMO_DIRECT_MESSAGES.length + DEMO_EVENT_CHAT.messages.length,
    );
    const olivia = await signIn('olivia@linksmate.dev');
    const list = await api<ConversationsReply>('/messages/conversations', olivia);
    expect(list.direct_messages.map((c) => c.username).sort()).toEqual(['harper_w', 'jack_t']);
    expect(list.event_chats.find((c) => c.event_title === DEMO_EVENT_CHAT.title)).toMatchObject({
      unread_count: 2,
    });
    expect(list.unread_total).toBeGreaterThanOrEqual(3);
    const { total } = await api<AnnouncementsReply>('/announcements', olivia);
    expect(total).toBe(DEMO_ANNOUNCEMENTS.length);
  });

  it("when jack opens the demo's finished game, then its results are final, ranked for every player, and its chat has them", async () => {
    expect(first.results).toBe(1);
    const jack = await signIn('jack@linksmate.dev');
    const { events } = await api<EventsReply>('/events?include_past=true&limit=100');
    const game = events.find((e) => e.title === DEMO_RESULTS.title)!;
    const results = await api<ResultsReply>(`/events/${game.id}/results`, jack);
    expect(results.status).toBe('closed');
    expect(results.tees.map((tee) => tee.gender)).toEqual(['men', 'women']);
    expect(results.rankings.stableford.map((row) => row.position)).toEqual([1, 2, 3]);
    const posted = await eventually(async () => {
      const reply = await api<EventMessagesReply>(`/messages/event/${game.id}`, jack);
      const message = reply.messages.find((m) => m.content?.startsWith(`Results of ${DEMO_RESULTS.title}`));
      if (!message) throw new Error('the results are not in the chat yet');
      return message;
    });
    expect(posted.content).toContain(`Full results: /events/${game.id}/results`);
  });

  it("when the demo coach's account is looked up, then it owns Sam Fairweather's profile at Albert Park", async () => {
    const token = await signIn('coach@linksmate.dev');
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
    const { coaches } = await api<CoachesReply>('/coaches?limit=100');
    const sam = coaches.find((c) => c.user_id === userId);
    expect(sam).toMatchObject({
      first_name: 'Sam',
      last_name: 'Fairweather',
      venue_name: 'Albert Park Golf Course',
    });
  });

  it('when the admin area is opened, then claims wait for review, a suggested venue waits for approval, a golfer is banned, and the demo venue manager runs Moore Park', async () => {
    const admin = await signIn('admin@linksmate.dev');
    const claims = await api<{ counts: { pending: number } }>('/admin/profile-claims?limit=500', admin);
    expect(claims.counts.pending).toBe(3);
    const venues = await api<{ venues: Array<{ name: string; review_status: string }> }>(
      '/admin/venues?limit=10000',
      admin,
    );
    expect(venues.venues.find((v) => v.name === 'Gisborne Golf Club')?.review_status).toBe('pending');
    const users = await api<{ banned_count: number }>('/admin/users', admin);
    expect(users.banned_count).toBe(1);
    const manager = await signIn('venue@linksmate.dev');
    const own = await api<{ venues: Array<{ name: string }> }>('/admin/venues', manager);
    expect(own.venues.map((v) => v.name)).toEqual(['Moore Park Golf']);
    // Card payments through the provider's simulator: paid ones and a declined one, in the ledger.
    await eventually(async () => {
      const { transactions } = await api<{ transactions: Array<{ status: string; amount: number }> }>(
        '/admin/payments/transactions?limit=100',
        admin,
      );
      expect(transactions.some((t) => t.status === 'succeeded' && t.amount > 0)).toBe(true);
      expect(transactions.some((t) => t.status === 'failed')).toBe(true);
    }, 20_000);
    const academy = await signIn('academy@linksmate.dev');
    const profile = await api<{ profile: { coach_id: number | null } }>('/admin/profile', academy);
    expect(profile.profile.coach_id).not.toBeNull();
  });

  it("when a gallery venue is opened, then its pictures are the service's re-encodings with thumbnails", async () => {
    const { venue } = await api<VenueReply>('/venues/slug/royal-melbourne-golf-club');
    const plan = DEMO_VENUE_MEDIA['royal-melbourne-golf-club']!;
    expect(venue.gallery).toHaveLength(plan.gallery + 1);
    expect(venue.gallery.map((m) => m.media_type)).toEqual([...Array(plan.gallery).fill('image'), 'video']);
    expect(venue.featured_image_url).toBeTruthy();
    const video = venue.gallery.at(-1)!;
    const thumbnail = await fetch(`${stack!.url}${video.thumbnail_url}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
  });

  it('when the platform is started again on the same data, then seeding adds nothing and the directory reads the same', async () => {
    const before = await directory();
    await stack!.close();
    stack = await start();
    expect(stack.seeded).toMatchObject({
      venues: 0,
      coaches: 0,
      uploads: 0,
      courses: 0,
      rounds: 0,
      events: 0,
      results: 0,
      messages: 0,
      admin: 0,
    });
    expect(stack.seeded.seconds).toBeLessThan(20);
    expect(await directory()).toEqual(before);
  }, 180_000);
});
