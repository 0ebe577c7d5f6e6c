import { MESSAGING_MESSAGES } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

/**
 * Who reaches an event chat (proto's mayReachEventChat): site admins every chat, a facility admin
 * the events at venues naming them, a coach admin the events of the coach profile they hold, anyone
 * the games they organised or hold a confirmed seat of. Venues, coaches, events and bookings reach
 * messaging as the other contexts publish them.
 */
describe('messaging: event chats are scoped like the admin area', () => {
  let m: MessagingUnderTest;
  const VENUE_A = 71;
  const VENUE_B = 72;
  const COACH_X = 81;
  const COACH_Y = 82;
  const GAME = 9001;
  const CLINIC = 9002;
  let people: Record<
    | 'organiser'
    | 'player'
    | 'pending'
    | 'otherMember'
    | 'coach'
    | 'venueAdminA'
    | 'venueAdminB'
    | 'coachAdminX'
    | 'coachAdminY'
    | 'siteAdmin'
    | 'admin',
    Person
  >;

  const venue = (id: number, admins: number[], version = 1, type = 'venues.venue.updated') =>
    m.deliver(
      type,
      {
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
      },
      'venues-coaches',
    );
  const coach = (id: number, userId: number | null, version = 1) =>
    m.deliver(
      'venues.coach.updated',
      {
        coach_id: id,
        user_id: userId,
        first_name: 'Coach',
        last_name: String(id),
        email: null,
        profile_image_url: null,
        venue_id: null,
        is_verified: true,
        version,
      },
      'venues-coaches',
    );
  const event = (
    id: number,
    fields: { venue: number; coach: number | null; creator: number; type: string },
    version = 1,
  ) =>
    m.deliver(
      version === 1 ? 'events.event.created' : 'events.event.updated',
      {
        event_id: id,
        title: `Event ${id}`,
        event_type: fields.type,
        status: 'open',
        start_time: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        end_time: null,
        venue_id: fields.venue,
        creator_user_id: fields.creator,
        coach_profile_id: fields.coach,
        capacity: 8,
        current_participant_count: 1,
        price_per_participant: 0,
        currency: 'AUD',
        version,
      },
      'events-bookings',
    );
  const booking = (eventId: number, userId: number, status: string) =>
    m.deliver(
      status === 'confirmed' ? 'events.booking.confirmed' : 'events.booking.status-changed',
      {
        booking_id: eventId * 100 + userId,
        event_id: eventId,
        event_title: `Event ${eventId}`,
        user_id: userId,
        seats: 1,
        status,
        previous_status: null,
        occurred_at: new Date().toISOString(),
      },
      'events-bookings',
    );

  /** Who messaging told the gateway to check again, each time it did. */
  const narrowed = async () =>
    (await m.published('messaging.event-chat.reach-narrowed')).map(
      (e) => (e.data as { user_ids: number[] }).user_ids,
    );

  const counts = async () => ({
    messages: (await m.pool.query('select count(*)::int as n from messages')).rows[0].n as number,
    sent: (await m.published('messaging.message.sent')).length,
    read: (await m.published('messaging.message.read')).length,
  });

  /** Every way into the chat: read it, write in it, mark it read, ask to follow it live. */
  async function tryChat(person: Person, eventId: number) {
    const read = await m.get(`/messages/event/${eventId}`, person.token);
    const send = await m.post(`/messages/event/${eventId}`, { content: 'Hello chat' }, person.token);
    const mark = await m.post(`/messages/event/${eventId}/read`, {}, person.token);
    const live = (await m.internal(`/internal/event-chats/${eventId}/members/${person.id}`)).json();
    return { read, send, mark, live };
  }

  async function expectReach(person: Person, eventId: number) {
    const { read, send, mark, live } = await tryChat(person, eventId);
    expect([read.statusCode, send.statusCode, mark.statusCode, live]).toEqual([
      200,
      201,
      200,
      { allowed: true },
    ]);
  }

  async function expectRefused(person: Person, eventId: number) {
    const before = await counts();
    const { read, send, mark, live } = await tryChat(person, eventId);
    expect([read.statusCode, send.statusCode, mark.statusCode, live]).toEqual([
      403,
      403,
      403,
      { allowed: false },
    ]);
    expect(send.json().error).toBe(MESSAGING_MESSAGES.notInEventChat);
    expect(await counts()).toEqual(before);
  }

  beforeAll(async () => {
    m = await startMessaging();
    people = {
      organiser: await m.person(),
      player: await m.person(),
      pending: await m.person(),
      otherMember: await m.person(),
      coach: await m.person({ role: 'coach' }),
      venueAdminA: await m.person({ role: 'facility_admin' }),
      venueAdminB: await m.person({ role: 'facility_admin' }),
      coachAdminX: await m.person({ role: 'coach_admin' }),
      coachAdminY: await m.person({ role: 'coach_admin' }),
      siteAdmin: await m.person({ role: 'site_admin' }),
      admin: await m.person({ role: 'admin' }),
    };
    await venue(VENUE_A, [people.venueAdminA.id], 1, 'venues.venue.created');
    await venue(VENUE_B, [people.venueAdminB.id], 1, 'venues.venue.created');
    await coach(COACH_X, people.coachAdminX.id);
    await coach(COACH_Y, people.coachAdminY.id);
    // A members' private game at venue A, and coach X's clinic at venue B.
    await event(GAME, { venue: VENUE_A, coach: null, creator: people.organiser.id, type: 'member_game' });
    await event(CLINIC, { venue: VENUE_B, coach: COACH_X, creator: people.admin.id, type: 'coaching' });
    await booking(GAME, people.player.id, 'confirmed');
    await booking(GAME, people.pending.id, 'pending');
    await booking(CLINIC, people.player.id, 'confirmed');
  });
  afterAll(() => m?.close());

  it('when the event arrives, then messaging keeps where it is held and whose coaching it is', async () => {
    const { rows } = await m.pool.query(
      'select id, venue_id, coach_profile_id from chat_events where id = any($1) order by id',
      [[GAME, CLINIC]],
    );
    expect(rows).toEqual([
      { id: GAME, venue_id: VENUE_A, coach_profile_id: null },
      { id: CLINIC, venue_id: VENUE_B, coach_profile_id: COACH_X },
    ]);
  });

  it("when the game's organiser or a confirmed player uses its chat, then they read, write, mark read and follow it", async () => {
    await expectReach(people.organiser, GAME);
    await expectReach(people.player, GAME);
  });

  it('when a pending player, another member or a coach tries the private game, then 403 everywhere and nothing changes', async () => {
    await expectRefused(people.pending, GAME);
    await expectRefused(people.otherMember, GAME);
    await expectRefused(people.coach, GAME);
  });

  it("when venue A's facility admin uses the game's chat, then yes; venue B's, then no", async () => {
    await expectReach(people.venueAdminA, GAME);
    await expectRefused(people.venueAdminB, GAME);
  });

  it("when coach admins try the private game, then no; the clinic's chat only for coach X's admin", async () => {
    await expectRefused(people.coachAdminX, GAME);
    await expectRefused(people.coachAdminY, GAME);
    await expectReach(people.coachAdminX, CLINIC);
    await expectRefused(people.coachAdminY, CLINIC);
    await expectRefused(people.venueAdminA, CLINIC);
    await expectReach(people.venueAdminB, CLINIC);
  });

  it('when a site admin or an admin uses any chat, then yes', async () => {
    for (const person of [people.siteAdmin, people.admin])
      for (const eventId of [GAME, CLINIC]) await expectReach(person, eventId);
  });

  it('when venue A no longer names its facility admin, then the chat is closed to them, and a late older snapshot does not reopen it', async () => {
    const told = (await narrowed()).length;
    await venue(VENUE_A, [], 3);
    await expectRefused(people.venueAdminA, GAME);
    // The gateway is told to check the sockets of whoever the venue no longer names.
    expect((await narrowed()).slice(told)).toEqual([[people.venueAdminA.id]]);
    await venue(VENUE_A, [people.venueAdminA.id], 2);
    await expectRefused(people.venueAdminA, GAME);
    await venue(VENUE_A, [people.venueAdminA.id], 4);
    await expectReach(people.venueAdminA, GAME);
    // Neither the ignored late snapshot nor a widening tells the gateway anything.
    expect((await narrowed()).length).toBe(told + 1);
  });

  it("when coach X's profile is deleted or passes to another account, then its admin no longer reaches the clinic", async () => {
    const told = (await narrowed()).length;
    await coach(COACH_X, people.coachAdminY.id, 2);
    await expectRefused(people.coachAdminX, CLINIC);
    await expectReach(people.coachAdminY, CLINIC);
    await m.deliver('venues.coach.deleted', { coach_id: COACH_X, version: 3 }, 'venues-coaches');
    await expectRefused(people.coachAdminY, CLINIC);
    expect((await narrowed()).slice(told)).toEqual([[people.coachAdminX.id], [people.coachAdminY.id]]);
  });

  it('when the venue is deleted, then its facility admin no longer reaches its events', async () => {
    await m.deliver('venues.venue.deleted', { venue_id: VENUE_B, version: 2 }, 'venues-coaches');
    await expectRefused(people.venueAdminB, CLINIC);
    expect((await narrowed()).at(-1)).toEqual([people.venueAdminB.id]);
  });

  it("when the game moves to another venue, then venue A's facility admin loses its chat and the gateway is told to check their sockets", async () => {
    const game = { venue: VENUE_A, coach: null, creator: people.organiser.id, type: 'member_game' };
    const told = (await narrowed()).length;
    await event(GAME, game, 2);
    expect((await narrowed()).length).toBe(told);
    await event(GAME, { ...game, venue: VENUE_B }, 3);
    expect((await narrowed()).slice(told)).toEqual([[people.venueAdminA.id]]);
    await expectRefused(people.venueAdminA, GAME);
    await expectReach(people.organiser, GAME);
  });
});
