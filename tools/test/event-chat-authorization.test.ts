import type { Gateway } from '@linksmate/gateway';
import { SEVEN_CALLERS as CALLERS, type SpecCaller as Caller, eventually } from '@linksmate/platform/testing';
import { EVENT_CHAT_JOIN, eventRoom, type Role } from '@linksmate/proto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, userRegistered } from './fixtures/identity-stub';
import { MessagingStack } from './fixtures/messaging-stack';
import { nextPush, TestSockets } from './fixtures/sockets';

const SERVICE_TOKEN = 'event-chat-authorization-service-token';

/** Each caller's account, and what the world says of it. */
const ID: Record<Exclude<Caller, 'anonymous'>, number> = {
  member: 7301, // holds a confirmed seat of the clinic, none of the game
  coach: 7302, // a coach, nothing to do with either event
  coach_admin: 7303, // holds coach profile COACH_X
  facility_admin: 7304, // named among venue A's admins
  site_admin: 7305,
  admin: 7306,
};
const ORGANISER = 7300; // a member who organised the game; none of the callers
const CLINIC_CREATOR = 7399; // whoever made the clinic; none of the callers
const VENUE_A = 51;
const VENUE_B = 52;
const COACH_X = 61;
/** A members' private game at venue A; coach X's clinic at venue B. */
const GAME = 9301;
const CLINIC = 9302;

/**
 * Who reaches which chat, written from the rule (site admins every chat; a facility admin the events
 * at venues naming them; a coach admin the events of the coach profile they hold; anyone the games
 * they organised or hold a confirmed seat of), not read from the code.
 */
const REACHES: Record<Caller, Record<typeof GAME | typeof CLINIC, boolean>> = {
  anonymous: { [GAME]: false, [CLINIC]: false },
  member: { [GAME]: false, [CLINIC]: true },
  coach: { [GAME]: false, [CLINIC]: false },
  coach_admin: { [GAME]: false, [CLINIC]: true },
  facility_admin: { [GAME]: true, [CLINIC]: false },
  site_admin: { [GAME]: true, [CLINIC]: true },
  admin: { [GAME]: true, [CLINIC]: true },
};

/** venues-coaches' report of a venue and whom it names among its admins. */
const venue = (change: 'created' | 'updated', id: number, admins: number[], version: number) =>
  envelope(`venues.venue.${change}`, 'venues-coaches', {
    venue_id: id,
    name: `Venue ${id}`,
    slug: null,
    address: null,
    city: null,
    state: null,
    lat: null,
    lng: null,
    is_active: true,
    is_verified: true,
    admin_user_ids: admins,
    version,
  });

/** venues-coaches' report of coach X's profile (at venue B) and whose account holds it. */
const coachX = (change: 'created' | 'updated', userId: number | null, version: number) =>
  envelope(`venues.coach.${change}`, 'venues-coaches', {
    coach_id: COACH_X,
    user_id: userId,
    first_name: 'Priya',
    last_name: 'Raman',
    email: null,
    profile_image_url: null,
    venue_id: VENUE_B,
    is_verified: true,
    version,
  });

/** The event chat's REST calls, each with what it answers when let in. */
const CALLS = [
  { method: 'GET', path: (id: number) => `/messages/event/${id}`, ok: 200 },
  { method: 'POST', path: (id: number) => `/messages/event/${id}`, ok: 201, body: { content: 'On the tee' } },
  { method: 'POST', path: (id: number) => `/messages/event/${id}/read`, ok: 200 },
] as const;

describe('event chat authorization: REST and socket joins through the gateway × the seven callers', () => {
  const stack = new MessagingStack(SERVICE_TOKEN);
  const { services } = stack;
  let base: string;
  let gateway: Gateway;
  const sockets = new TestSockets();
  const tokens = new Map<Caller, string>();

  beforeAll(async () => {
    await stack.start();
    ({ base, gateway } = await stack.gateway('gateway'));

    const event = (id: number, type: string, venueId: number, creator: number, coach: number | null) =>
      envelope('events.event.created', 'events-bookings', {
        event_id: id,
        title: `Event ${id}`,
        event_type: type,
        status: 'open',
        start_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        end_time: null,
        venue_id: venueId,
        creator_user_id: creator,
        coach_profile_id: coach,
        capacity: 8,
        current_participant_count: 1,
        price_per_participant: 0,
        currency: 'AUD',
        version: 1,
      });
    await stack.publisher.publish([
      userRegistered(ORGANISER, 'authz_organiser'),
      ...Object.entries(ID).map(([role, id]) => userRegistered(id, `authz_${role}`, { role })),
      venue('created', VENUE_A, [ID.facility_admin], 1),
      venue('created', VENUE_B, [], 1),
      coachX('created', ID.coach_admin, 1),
      event(GAME, 'member_game', VENUE_A, ORGANISER, null),
      event(CLINIC, 'coaching', VENUE_B, CLINIC_CREATOR, COACH_X),
      envelope('events.booking.confirmed', 'events-bookings', {
        booking_id: 1,
        event_id: CLINIC,
        event_title: `Event ${CLINIC}`,
        user_id: ID.member,
        seats: 1,
        status: 'confirmed',
        previous_status: 'pending',
        occurred_at: new Date().toISOString(),
      }),
    ]);
    const count = async (sql: string) =>
      (await services.query<{ n: number }>('messaging', `select count(*)::int as n from ${sql}`)).rows[0]!.n;
    await eventually(async () => {
      expect(await count('users')).toBe(7);
      expect(await count('venues')).toBe(2);
      expect(await count('coaches where user_id is not null')).toBe(1);
      expect(await count('chat_events where venue_id is not null')).toBe(2);
      expect(await count('event_members where confirmed')).toBe(1);
    }, 15_000);
    for (const [role, id] of Object.entries(ID))
      tokens.set(
        role as Caller,
        await stack.auth.tokenFor(id, role as Role, {
          membership_status: 'active',
          membership_ends_at: null,
        }),
      );
  }, 90_000);

  afterAll(async () => {
    sockets.close();
    await stack.close();
  });

  /** What a refused call must leave as it was: messages stored, events waiting in the outbox or sent. */
  const written = async () => {
    const { rows } = await services.query<{ messages: number; outbox: number }>(
      'messaging',
      'select (select count(*)::int from messages) as messages, (select count(*)::int from outbox) as outbox',
    );
    return rows[0];
  };

  const rest = async (caller: Caller, call: (typeof CALLS)[number], eventId: number) => {
    const token = tokens.get(caller);
    const body = 'body' in call ? call.body : undefined;
    const response = await fetch(`${base}/api/v1${call.path(eventId)}`, {
      method: call.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await response.body?.cancel();
    return response.status;
  };

  const join = (socket: Socket, eventId: number) =>
    new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit(EVENT_CHAT_JOIN, eventId, resolve));

  it('when messaging is up, then the table covers every event chat route it serves to people', () => {
    const served = stack.app.routeAccess
      .filter((r) => r.url.includes(':eventId') && !r.url.startsWith('/internal'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const covered = CALLS.map((c) => `${c.method} ${c.path(0).replace('/0', '/:eventId')}`).sort();
    expect(served).toEqual(covered);
  });

  it('when each caller reads, writes in and marks read each chat, then only those the rule lets in pass; the others get 401 or 403 and nothing is written', async () => {
    const unexpected: string[] = [];
    for (const caller of CALLERS)
      for (const eventId of [GAME, CLINIC]) {
        const allowed = REACHES[caller][eventId as typeof GAME];
        const before = await written();
        for (const call of CALLS) {
          const status = await rest(caller, call, eventId);
          const expected = allowed ? call.ok : caller === 'anonymous' ? 401 : 403;
          if (status !== expected)
            unexpected.push(`${caller} ${call.method} ${call.path(eventId)}: ${status}, not ${expected}`);
        }
        if (!allowed && JSON.stringify(await written()) !== JSON.stringify(before))
          unexpected.push(`${caller} on event ${eventId}: refused, yet something was written`);
      }
    expect(unexpected).toEqual([]);
  });

  it('when each caller asks to follow each chat live, then the socket joins only the chats the rule lets them in', async () => {
    await expect(sockets.connect(base, '')).rejects.toBeTruthy();
    const unexpected: string[] = [];
    for (const caller of CALLERS) {
      if (caller === 'anonymous') continue;
      const socket = await sockets.connect(base, tokens.get(caller)!);
      for (const eventId of [GAME, CLINIC]) {
        const allowed = REACHES[caller][eventId as typeof GAME];
        const answer = await join(socket, eventId);
        const expected = allowed ? { ok: true } : { ok: false, error: 'forbidden' };
        if (JSON.stringify(answer) !== JSON.stringify(expected))
          unexpected.push(`${caller} joining ${eventId}: ${JSON.stringify(answer)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  /** Whether the gateway has this socket in the event's room (what decides whom its messages reach). */
  const inRoom = async (socket: Socket, eventId: number) =>
    (await gateway.realtime.io.in(eventRoom(eventId)).fetchSockets()).some((s) => s.id === socket.id);

  it("when a venue stops naming its facility admin, or a coach profile leaves its coach admin's account, then their sockets stop following those chats and hear no more of them", async () => {
    const venueAdmin = await sockets.connect(base, tokens.get('facility_admin')!);
    const coachAdmin = await sockets.connect(base, tokens.get('coach_admin')!);
    const siteAdmin = await sockets.connect(base, tokens.get('site_admin')!);
    expect(await join(venueAdmin, GAME)).toEqual({ ok: true });
    expect(await join(coachAdmin, CLINIC)).toEqual({ ok: true });
    expect(await join(siteAdmin, GAME)).toEqual({ ok: true });

    await stack.publisher.publish([venue('updated', VENUE_A, [], 2), coachX('updated', null, 2)]);
    await eventually(async () => {
      expect(await inRoom(venueAdmin, GAME)).toBe(false);
      expect(await inRoom(coachAdmin, CLINIC)).toBe(false);
    }, 15_000);
    // Nobody else was moved: the site admin still follows the game.
    expect(await inRoom(siteAdmin, GAME)).toBe(true);
    expect(await join(venueAdmin, GAME)).toEqual({ ok: false, error: 'forbidden' });

    const venueAdminHeard: unknown[] = [];
    venueAdmin.on('message:new', (payload: unknown) => venueAdminHeard.push(payload));
    const organiser = await stack.auth.tokenFor(ORGANISER, 'member', {
      membership_status: 'active',
      membership_ends_at: null,
    });
    const arrives = nextPush(siteAdmin, 'message:new');
    const sent = await fetch(`${base}/api/v1/messages/event/${GAME}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${organiser}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Just us now' }),
    });
    expect(sent.status).toBe(201);
    expect(await arrives).toMatchObject({ event_id: GAME, content: 'Just us now' });
    expect(venueAdminHeard).toEqual([]);
  });
});
